import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '../../views/pages/ResetPasswordPage.tsx'

export const Route = createFileRoute('/reset_password/sms')({
  component: ResetPassword,
})

function ResetPassword() {
  const { machines } = Route.useRouteContext()
  return <ResetPasswordPage logic={machines.passwordReset} />
}
