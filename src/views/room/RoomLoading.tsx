import { useT } from '../app-context.tsx'
import { PreparedVideo } from '../components/Player.tsx'

/**
 * A room before its data: the player's box (on a live room's first page the boot script's video
 * plays in it already) and a loading line.
 */
export function RoomLoading() {
  const { t } = useT()
  return (
    <section className="room" aria-busy="true">
      <div className="room__stage">
        <div className="room__poster">
          <PreparedVideo />
        </div>
      </div>
      <p className="room__loading">{t('common.loading')}</p>
    </section>
  )
}
