import { createFileRoute } from '@tanstack/react-router'
import { MypagePage } from '../../views/pages/MypagePage.tsx'

/** SPEC.md §2: /mypage needs a user login (auth-user). */
export const Route = createFileRoute('/_user/mypage')({
  loader: ({ context }) => context.account(),
  component: Mypage,
})

function Mypage() {
  const { nowMs } = Route.useRouteContext()
  // This year in Tokyo: the owner's year page links to it.
  const year = Number(
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(nowMs()),
  )
  const machines = Route.useLoaderData()
  return <MypagePage logic={machines.mypage} devices={machines.pushDevices} year={year} />
}
