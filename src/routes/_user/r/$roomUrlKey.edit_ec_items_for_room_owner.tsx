import { createFileRoute } from '@tanstack/react-router'
import { EcEditorPage } from '../../../views/shop/EcEditorPage.tsx'

/** SPEC.md §2: /r/{room_url_key}/edit_ec_items_for_room_owner, the owner's item editor. */
export const Route = createFileRoute('/_user/r/$roomUrlKey/edit_ec_items_for_room_owner')({
  loader: ({ context }) => context.shop(),
  component: EcEditor,
})

function EcEditor() {
  const { roomUrlKey } = Route.useParams()
  return (
    <EcEditorPage key={roomUrlKey} logic={Route.useLoaderData().ecEditor} roomUrlKey={roomUrlKey} />
  )
}
