import { useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import type { RoomActor } from './types.ts'

/**
 * Over the video while an OBS live's video is not reaching the site (issue #38, t:205): the live
 * goes on and the player picks it up again, so viewers are told to wait rather than left with a
 * frozen picture. The status region stays in place so the change is announced both ways.
 */
export function LiveInterrupted({ room }: { room: RoomActor }) {
  const { t } = useT()
  const interrupted = useSelector(room, (s) => s.matches('live') && s.context.interrupted)
  return (
    <div className="room__interruption" role="status" data-testid="live-interrupted">
      {interrupted && <p>{t('room.interrupted')}</p>}
    </div>
  )
}
