import { createFileRoute, notFound, useRouter } from '@tanstack/react-router'
import { OutboxPage, type OutboxMessage } from '../../views/pages/OutboxPage.tsx'

/** Developer page: the local outbox. The server answers 404 in production, and so does this. */
export const Route = createFileRoute('/dev/outbox')({
  loader: async ({ context }) => {
    if (!context.app.getSnapshot().context.settings.dev_pages) throw notFound()
    return context.api.get<{ messages: OutboxMessage[] }>('/dev/api/outbox')
  },
  component: Outbox,
})

function Outbox() {
  const { messages } = Route.useLoaderData()
  const router = useRouter()
  return <OutboxPage messages={messages} onRefresh={() => void router.invalidate()} />
}
