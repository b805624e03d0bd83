import { Link, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { formatCompactCount } from '../../domain/compact-count.ts'
import { keyOf, swipeOf } from '../../domain/hc.ts'
import { shownRoom, type hcMachine } from '../../machines/hc/hc.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { Player } from '../components/Player.tsx'
import { RoomLink } from '../components/RoomLink.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './hc.css'

type HcActor = ActorRefFrom<typeof hcMachine>

/**
 * /r/hc (issue #22): the rooms on air one at a time across the window; next and previous by the
 * big buttons, the arrow keys or a vertical swipe. The room shown is kept in the address
 * (`?room=`), so a reload comes back to it.
 */
export function HcPage({ logic, roomKey }: { logic: typeof hcMachine; roomKey: string | null }) {
  const { t } = useT()
  const navigate = useNavigate()
  const withAddress = useMemo(
    () =>
      logic.provide({
        actions: {
          keepRoom: (_, { roomUrlKey }) =>
            void navigate({ to: '/r/hc', search: { room: roomUrlKey }, replace: true }),
        },
      }),
    [logic, navigate],
  )
  const actor = usePageActor(withAddress, { input: { roomKey } })
  const status = useSelector(actor, (s) =>
    s.matches('showing')
      ? 'showing'
      : s.matches('empty')
        ? 'empty'
        : s.matches('failed')
          ? 'failed'
          : 'loading',
  )
  const name = useSelector(actor, (s) => shownRoom(s.context)?.mainName)
  useDocumentTitle(name, t('hc.title'))

  return (
    <section className="hc" aria-labelledby="hc-title">
      <h1 id="hc-title" className="visually-hidden">
        {t('hc.title')}
      </h1>
      {status === 'loading' && (
        <p className="hc__message" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
      {status === 'failed' && (
        <div className="hc__message" role="alert">
          <p>{t('hc.loadFailed')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'hc.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {status === 'empty' && (
        <div className="hc__message" data-testid="hc-empty">
          <p>{t('hc.empty')}</p>
          <Link to="/" className="button button--primary">
            {t('common.backHome')}
          </Link>
        </div>
      )}
      {status === 'showing' && <HcStage actor={actor} />}
      <Link to="/" className="hc__close" aria-label={t('hc.close')}>
        ×
      </Link>
    </section>
  )
}

/** The room shown: its video, its name and viewers, where it is in the hall, and the way on. */
function HcStage({ actor }: { actor: HcActor }) {
  const { t, locale } = useT()
  const room = useSelector(actor, (s) => shownRoom(s.context))
  const index = useSelector(actor, (s) => s.context.index)
  const total = useSelector(actor, (s) => s.context.rooms.length)
  const stage = useSelector(actor, (s) =>
    s.matches({ showing: { stage: 'watching' } })
      ? 'watching'
      : s.matches({ showing: { stage: 'unavailable' } })
        ? 'unavailable'
        : 'tuning',
  )
  const player = useSelector(actor, (s) => s.children.player)
  const touchY = useRef<number | null>(null)

  // The arrow keys change room anywhere on the page, except in a field that uses them.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof Element && e.target.closest('input, select, textarea')) return
      const move = keyOf(e.key)
      if (!move) return
      e.preventDefault()
      actor.send({ type: move === 'next' ? 'hc.next' : 'hc.previous' })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [actor])

  if (!room) return null
  return (
    <div
      className="hc__stage"
      data-testid="hc-stage"
      onTouchStart={(e) => (touchY.current = e.touches[0]?.clientY ?? null)}
      onTouchEnd={(e) => {
        const start = touchY.current
        const end = e.changedTouches[0]?.clientY
        touchY.current = null
        if (start === null || end === undefined) return
        const move = swipeOf(start, end)
        if (move) actor.send({ type: move === 'next' ? 'hc.next' : 'hc.previous' })
      }}
    >
      <div className="hc__video">
        {stage === 'watching' && player ? (
          <Player key={room.roomUrlKey} actor={player} poster={room.image} />
        ) : (
          <img src={room.image} alt="" />
        )}
        {stage === 'unavailable' && (
          <div className="hc__notice" role="alert">
            <p>{t('hc.streamFailed')}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'hc.retry' })}
            >
              {t('common.retry')}
            </button>
          </div>
        )}
      </div>
      <p className="hc__position" aria-live="polite" data-testid="hc-position">
        {t('hc.position', { index: index + 1, total })}
      </p>
      <div className="hc__info">
        <span className="onlive-card__badge hc__badge">{t('room.onAir')}</span>
        <h2 className="hc__name">{room.mainName}</h2>
        <p className="hc__viewers">
          {t('hc.viewers', { count: formatCompactCount(room.viewNum, locale) })}
        </p>
        <RoomLink roomUrlKey={room.roomUrlKey} className="button button--primary hc__to-room">
          {t('hc.toRoom')}
        </RoomLink>
        <p className="hc__hint">{t('hc.hint')}</p>
      </div>
      <div className="hc__nav">
        <button
          type="button"
          className="hc__step"
          aria-label={t('hc.previous')}
          disabled={total < 2}
          onClick={() => actor.send({ type: 'hc.previous' })}
        >
          ▲
        </button>
        <button
          type="button"
          className="hc__step"
          aria-label={t('hc.next')}
          disabled={total < 2}
          onClick={() => actor.send({ type: 'hc.next' })}
        >
          ▼
        </button>
      </div>
    </div>
  )
}
