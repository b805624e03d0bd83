import { createFileRoute } from '@tanstack/react-router'
import { MypagePage } from '../views/pages/MypagePage.tsx'
import { requireAccess } from './-guards.ts'

/** SPEC.md §2: /mypage needs a user login (auth-user). */
export const Route = createFileRoute('/mypage')({
  beforeLoad: requireAccess('auth-user'),
  component: Mypage,
})

function Mypage() {
  const { machines } = Route.useRouteContext()
  return <MypagePage logic={machines.mypage} />
}
