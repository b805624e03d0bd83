import { createFileRoute } from '@tanstack/react-router'
import { useApp } from '../../views/app-context.tsx'
import { MedalPage } from '../../views/ranking/MedalPage.tsx'
import { requireAccess } from '../-guards.ts'

/** SPEC.md §2: /user/medal (auth), the caller's own medals. */
export const Route = createFileRoute('/user/medal')({
  beforeLoad: requireAccess('auth'),
  loader: ({ context }) => context.event(),
  component: UserMedal,
})

function UserMedal() {
  const machines = Route.useLoaderData()
  // Another login shows another user's medals.
  const userId = useApp((s) => s.context.user?.user_id ?? 0)
  return <MedalPage key={userId} logic={machines.medal} owner="user" roomUrlKey="" />
}
