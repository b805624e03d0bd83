import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../../views/pages/ResetPasswordPage.tsx'

export const Route = createFileRoute('/reset_password/sms')({
  loader: ({ context }) => context.account(),
  component: ResetPassword,
})

function ResetPassword() {
  return <ResetPasswordPage logic={Route.useLoaderData().passwordReset} />
}
