import { useSelector } from '@xstate/react'
import type { pushDevicesMachine } from '../../machines/push-devices/push-devices.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import './push-devices.css'

/**
 * /mypage's devices that take the notices (issue #41): each with its browser, its push service
 * and when it was last notified; "this device" marked; reminders and site news turned per
 * device; a device removed stops getting anything.
 */
export function PushDevices({ logic }: { logic: typeof pushDevicesMachine }) {
  const { t, locale } = useT()
  const actor = usePageActor(logic)
  const devices = useSelector(actor, (s) => s.context.devices)
  const thisEndpoint = useSelector(actor, (s) => s.context.thisEndpoint)
  const busyId = useSelector(actor, (s) => s.context.busyId)
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const when = (seconds: number) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Tokyo',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(seconds * 1000))
  return (
    <section className="push-devices" aria-labelledby="push-devices-title" aria-busy={loading}>
      <h2 id="push-devices-title">{t('devices.title')}</h2>
      {failed ? (
        <p role="alert">
          {t('devices.loadFailed')}{' '}
          <button type="button" className="button" onClick={() => actor.send({ type: 'retry' })}>
            {t('devices.retry')}
          </button>
        </p>
      ) : !loading && devices.length === 0 ? (
        <p className="push-devices__empty">{t('devices.none')}</p>
      ) : (
        <ul className="push-devices__list">
          {devices.map((d) => (
            <li key={d.id} className="push-devices__item" data-testid="push-device">
              <p className="push-devices__name">
                <strong>{d.label}</strong>
                {d.endpoint === thisEndpoint && (
                  <span className="push-devices__this">{t('devices.thisDevice')}</span>
                )}
              </p>
              <p className="push-devices__meta">
                {d.service} ·{' '}
                {d.last_sent_at === null
                  ? t('devices.neverSent')
                  : t('devices.lastSent', { date: when(d.last_sent_at) })}
              </p>
              <div className="push-devices__choices">
                {(['schedule', 'news'] as const).map((kind) => {
                  const checked = kind === 'schedule' ? d.send_schedule : d.send_news
                  return (
                    <label key={kind} className="push-devices__choice">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={busyId !== null}
                        onChange={(e) =>
                          actor.send({
                            type: 'device.preferences',
                            id: d.id,
                            preferences: {
                              schedule: kind === 'schedule' ? e.target.checked : d.send_schedule,
                              news: kind === 'news' ? e.target.checked : d.send_news,
                            },
                          })
                        }
                      />
                      {t(kind === 'schedule' ? 'devices.schedule' : 'devices.news')}
                    </label>
                  )
                })}
              </div>
              <button
                type="button"
                className="button push-devices__remove"
                disabled={busyId !== null}
                aria-busy={busyId === d.id}
                onClick={() => actor.send({ type: 'device.remove', id: d.id })}
              >
                {t('devices.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
