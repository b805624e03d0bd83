import { createContext, useContext, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { NEXT_LIVE_TITLE_MAX } from '../../contract/follow.ts'
import type { nextLiveMachine } from '../../machines/next-live/next-live.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { formatTokyoShort } from '../tokyo-time.ts'
import './next-live.css'

type NextLiveActor = ActorRefFrom<typeof nextLiveMachine>

// The line under the room's details and the owner's form are far apart in the page: one actor
// reaches both through this context.
const NextLiveContext = createContext<NextLiveActor | null>(null)

/** Starts the room's next-live actor for everything inside (the room page once loaded). */
export function NextLiveScope({
  logic,
  roomId,
  children,
}: {
  logic: typeof nextLiveMachine
  roomId: number
  children: ReactNode
}) {
  const actor = usePageActor(logic, { input: { roomId } })
  return <NextLiveContext.Provider value={actor}>{children}</NextLiveContext.Provider>
}

/** "次回の配信 12/26 18:00 タイトル", for everyone; nothing without a schedule. */
export function NextLiveLine() {
  const actor = useContext(NextLiveContext)
  return actor && <Line actor={actor} />
}

function Line({ actor }: { actor: NextLiveActor }) {
  const { t, locale } = useT()
  const next = useSelector(actor, (s) => s.context.next)
  if (next?.epoch == null) return null
  return (
    <p className="next-live" data-testid="next-live">
      {t('room.nextLive', { date: formatTokyoShort(next.epoch, locale), title: next.title })}
    </p>
  )
}

/** The owner's "次回の配信予定" form: a Tokyo date and time and a title; save or clear. */
export function NextLiveForm() {
  const actor = useContext(NextLiveContext)
  return actor && <Form actor={actor} />
}

function Form({ actor }: { actor: NextLiveActor }) {
  const { t } = useT()
  const startsAt = useSelector(actor, (s) => s.context.startsAt)
  const title = useSelector(actor, (s) => s.context.title)
  const errors = useSelector(actor, (s) => s.context.errors)
  const hasNext = useSelector(actor, (s) => s.context.next?.epoch != null)
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('clearing'))
  const edit = (field: 'startsAt' | 'title', value: string) =>
    actor.send({ type: 'nextLive.edit', field, value })
  return (
    <form
      className="next-live-form"
      aria-labelledby="next-live-title"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'nextLive.save' })
      }}
    >
      <h3 id="next-live-title">{t('owner.nextLive')}</h3>
      {!hasNext && <p className="field__hint">{t('owner.nextLiveNone')}</p>}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <label className="field">
        <span className="field__label">{t('owner.nextLiveAt')}</span>
        <input
          className="field__input"
          type="datetime-local"
          required
          value={startsAt}
          aria-invalid={errors.starts_at ? true : undefined}
          aria-describedby={errors.starts_at ? 'next-live-starts-error' : undefined}
          onChange={(e) => edit('startsAt', e.target.value)}
        />
        {errors.starts_at && (
          <span id="next-live-starts-error" className="field__error" role="alert">
            {errors.starts_at}
          </span>
        )}
      </label>
      <label className="field">
        <span className="field__label">
          {t('owner.nextLiveTitle', { max: NEXT_LIVE_TITLE_MAX })}
        </span>
        <input
          className="field__input"
          type="text"
          maxLength={NEXT_LIVE_TITLE_MAX}
          value={title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'next-live-title-error' : undefined}
          onChange={(e) => edit('title', e.target.value)}
        />
        {errors.title && (
          <span id="next-live-title-error" className="field__error" role="alert">
            {errors.title}
          </span>
        )}
      </label>
      <div className="next-live-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('owner.nextLiveSave')}
        </button>
        {hasNext && (
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => actor.send({ type: 'nextLive.clear' })}
          >
            {t('owner.nextLiveClear')}
          </button>
        )}
      </div>
    </form>
  )
}
