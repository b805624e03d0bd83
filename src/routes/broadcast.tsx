import { createFileRoute, redirect } from '@tanstack/react-router'
import { useT } from '../views/app-context.tsx'
import { requireAccess } from './-guards.ts'

/**
 * /broadcast (issue #51): the logged-in liver's own room's broadcast page, one address for
 * every liver's home screen.
 */
export const Route = createFileRoute('/broadcast')({
  beforeLoad: ({ context }) => {
    requireAccess('auth')({ context })
    const roomUrlKey = context.app.getSnapshot().context.user?.own_room_url_key
    if (roomUrlKey) {
      // TanStack Router signals redirects by throwing them.
      throw redirect({ to: '/r/$roomUrlKey/broadcast', params: { roomUrlKey }, replace: true })
    }
  },
  component: NoRoom,
})

function NoRoom() {
  const { t } = useT()
  return (
    <section className="status-page" data-testid="broadcast-page">
      <h1>{t('broadcast.title')}</h1>
      <p data-testid="broadcast-message">{t('broadcast.noRoom')}</p>
    </section>
  )
}
