import { useSelector } from '@xstate/react'
import type { roomNoticeMachine } from '../../machines/room-notice/room-notice.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import './notice-toggle.css'

/**
 * A follower's bell beside the follow button: pressed while the room's live notices are on.
 * Started when the viewer follows (the room page mounts it only then); hidden for anyone the
 * server says is not following.
 */
export function NoticeToggle({
  logic,
  roomId,
}: {
  logic: typeof roomNoticeMachine
  roomId: number
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { roomId } })
  const shown = useSelector(actor, (s) => s.matches('shown'))
  const on = useSelector(actor, (s) => s.context.on)
  const busy = useSelector(actor, (s) => s.matches({ shown: 'switching' }))
  const offering = useSelector(actor, (s) => s.matches({ shown: 'offering' }))
  const subscribing = useSelector(actor, (s) => s.matches({ shown: 'subscribing' }))
  if (!shown) return null
  return (
    <>
      <button
        type="button"
        className={on ? 'notice-toggle notice-toggle--on' : 'notice-toggle'}
        aria-pressed={on}
        aria-busy={busy}
        // Not disabled: the focus stays on the bell while the machine ignores presses meanwhile.
        aria-disabled={busy}
        title={t('room.notice')}
        onClick={() => actor.send({ type: 'notice.toggle' })}
      >
        <span className="notice-toggle__bell" aria-hidden="true" />
        <span className="visually-hidden">{t('room.notice')}</span>
      </button>
      {(offering || subscribing) && (
        // Asked once the follower has turned the notices on (issue #41), never before.
        <section className="device-offer" role="dialog" aria-labelledby="device-offer-text">
          <p id="device-offer-text">{t('room.deviceOffer')}</p>
          <div className="device-offer__actions">
            <button
              type="button"
              className="device-offer__dismiss"
              onClick={() => actor.send({ type: 'device.dismiss' })}
              disabled={subscribing}
            >
              {t('room.deviceDismiss')}
            </button>
            <button
              type="button"
              className="device-offer__accept"
              aria-busy={subscribing}
              onClick={() => actor.send({ type: 'device.accept' })}
            >
              {t('room.deviceAccept')}
            </button>
          </div>
        </section>
      )}
    </>
  )
}
