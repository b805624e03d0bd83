import { createFileRoute } from '@tanstack/react-router'
import { OpinionNewPage } from '../../views/inquiry/OpinionPages.tsx'

/** SPEC.md §2: /opinion/new, an opinion or a request about Kirari, open to anyone. */
export const Route = createFileRoute('/opinion/new')({
  loader: ({ context }) => context.account(),
  component: OpinionNew,
})

function OpinionNew() {
  return <OpinionNewPage logic={Route.useLoaderData().opinion} />
}
