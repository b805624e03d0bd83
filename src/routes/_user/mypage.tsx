import { createFileRoute } from '@tanstack/react-router'
import { MypagePage } from '../../views/pages/MypagePage.tsx'

/** SPEC.md §2: /mypage needs a user login (auth-user). */
export const Route = createFileRoute('/_user/mypage')({
  loader: ({ context }) => context.account(),
  component: Mypage,
})

function Mypage() {
  return <MypagePage logic={Route.useLoaderData().mypage} />
}
