import { useSelector } from '@xstate/react'
import { Link } from '@tanstack/react-router'
import { useT } from '../app-context.tsx'
import type { RoomActor } from './types.ts'

/** After the live (SPEC.md §9): a countdown to the next room on air, or the way back to the list. */
export function EndScreen({ room }: { room: RoomActor }) {
  const { t } = useT()
  const next = useSelector(room, (s) =>
    s.matches({ ended: 'countingDown' }) ? s.context.next : null,
  )
  const countdown = useSelector(room, (s) => s.context.countdown)
  return (
    <div className="room__notice" role="status">
      <p>{t('room.ended')}</p>
      {next ? (
        <p>
          {t('room.nextRoom', { name: next.mainName, seconds: countdown })}{' '}
          <button
            type="button"
            className="button button--primary"
            onClick={() => room.send({ type: 'transition.go' })}
          >
            {t('room.goNow')}
          </button>{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => room.send({ type: 'transition.cancel' })}
          >
            {t('room.stay')}
          </button>
        </p>
      ) : (
        <Link to="/">{t('room.backToList')}</Link>
      )}
    </div>
  )
}
