import { createFileRoute } from '@tanstack/react-router'
import { EcItemsPage } from '../../views/shop/EcItemsPage.tsx'

/** SPEC.md §2: /r/{room_url_key}/ec_items, the room's item shop. */
export const Route = createFileRoute('/r/$roomUrlKey_/ec_items')({
  loader: ({ context }) => context.shop(),
  component: EcItems,
})

function EcItems() {
  const { roomUrlKey } = Route.useParams()
  return (
    <EcItemsPage key={roomUrlKey} logic={Route.useLoaderData().ecShop} roomUrlKey={roomUrlKey} />
  )
}
