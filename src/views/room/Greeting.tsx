import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import { GREETING_MAX } from '../../contract/follow.ts'
import { greetingLength, type greetingMachine } from '../../machines/greeting/greeting.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import './greeting.css'

type GreetingActor = ActorRefFrom<typeof greetingMachine>

/**
 * "配信者からのあいさつ": the owner's greeting, for a follower. Started when the viewer follows
 * (the room page mounts it only then), so a follow loads it afresh; nothing when it is empty.
 */
export function GreetingCard({ logic, roomId }: { logic: typeof greetingMachine; roomId: number }) {
  const { t } = useT()
  const id = useId()
  const actor = usePageActor(logic, { input: { roomId } })
  const greeting = useSelector(actor, (s) => (s.context.isShown ? s.context.greeting : ''))
  if (greeting === '') return null
  return (
    <section className="greeting-card" aria-labelledby={id} data-testid="greeting">
      <h2 id={id} className="greeting-card__title">
        {t('room.greeting')}
      </h2>
      <p className="greeting-card__text">{greeting}</p>
    </section>
  )
}

/** The owner's greeting to followers, in the owner panel: save, or remove with an empty one. */
export function GreetingEditor({
  logic,
  roomId,
}: {
  logic: typeof greetingMachine
  roomId: number
}) {
  const { t } = useT()
  const id = useId()
  const actor = usePageActor(logic, { input: { roomId } })
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  )
  return (
    <section className="greeting-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('owner.greeting')}</h3>
      {status === 'loading' && <p aria-busy="true">{t('common.loading')}</p>}
      {status === 'failed' && (
        <div role="alert">
          <p>{t('owner.greetingLoadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'greeting.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && <Form actor={actor} id={id} />}
    </section>
  )
}

function Form({ actor, id }: { actor: GreetingActor; id: string }) {
  const { t } = useT()
  const draft = useSelector(actor, (s) => s.context.draft)
  const error = useSelector(actor, (s) => s.context.error)
  const saved = useSelector(actor, (s) => s.context.greeting)
  const busy = useSelector(actor, (s) => s.matches('saving') || s.matches('clearing'))
  const length = greetingLength(draft)
  const tooLong = length > GREETING_MAX
  const problem = error ?? (tooLong ? t('owner.greetingTooLong', { max: GREETING_MAX }) : null)
  return (
    <form
      className="greeting-editor__form"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'greeting.save' })
      }}
    >
      <label className="field">
        <span className="field__label">{t('owner.greeting')}</span>
        <textarea
          className="field__input"
          rows={3}
          value={draft}
          // What is being saved stays as it is until the answer comes (then it is the saved text).
          readOnly={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-count ${id}-hint`}
          onChange={(e) => actor.send({ type: 'greeting.edit', text: e.currentTarget.value })}
        />
      </label>
      {problem ? (
        <p id={`${id}-count`} className="field__error" role="alert">
          {problem}
        </p>
      ) : (
        <p id={`${id}-count`} className="greeting-editor__hint">
          {t('owner.greetingCount', { count: length, max: GREETING_MAX })}
        </p>
      )}
      <p id={`${id}-hint`} className="greeting-editor__hint">
        {t('owner.greetingHint')}
      </p>
      <div className="greeting-editor__actions">
        {/* aria-disabled while busy, not disabled: the focus stays on the button pressed. */}
        <button
          type="submit"
          className="button button--primary"
          disabled={tooLong}
          aria-disabled={busy}
        >
          {t('owner.greetingSave')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-disabled={busy || saved === ''}
          onClick={() => {
            if (saved !== '') actor.send({ type: 'greeting.clear' })
          }}
        >
          {t('owner.greetingClear')}
        </button>
      </div>
    </form>
  )
}
