import { createFileRoute } from '@tanstack/react-router'
import { NoticePage } from '../../views/notice/NoticePage.tsx'
import { idParams } from '../-params.ts'

/** SPEC.md §2: /notice/{id}, one notice, marked read by showing it. */
export const Route = createFileRoute('/notice/$id')({
  params: idParams('id'),
  loader: ({ context }) => context.account(),
  component: OneNotice,
})

function OneNotice() {
  const { id } = Route.useParams()
  return <NoticePage key={id} logic={Route.useLoaderData().notice} id={id} />
}
