import { createFileRoute } from '@tanstack/react-router'
import { JewelHistPage } from '../../../views/jewel-hist/JewelHistPage.tsx'
import { idParams } from '../../-params.ts'

/** SPEC.md §2: /jewel_hist/{room} (auth-user): the room owner's earnings from gifts. */
export const Route = createFileRoute('/_user/jewel_hist/$id')({
  params: idParams('id'),
  loader: ({ context }) => context.account(),
  component: JewelHist,
})

function JewelHist() {
  const { id } = Route.useParams()
  return <JewelHistPage logic={Route.useLoaderData().jewelHist} roomId={id} />
}
