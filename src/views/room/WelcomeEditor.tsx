import { useSelector } from '@xstate/react'
import { WELCOME_COMMENT_MAX } from '../../machines/welcome-editor/welcome-editor.machine.ts'
import { useT } from '../app-context.tsx'
import type { WelcomeActor } from './types.ts'
import './owner.css'

/** The owner's welcome comment (SPEC §3): saved, it is pinned on top of every viewer's list. */
export function WelcomeEditor({ actor }: { actor: WelcomeActor }) {
  const { t } = useT()
  const draft = useSelector(actor, (s) => s.context.draft)
  const busy = useSelector(actor, (s) => !s.matches('idle'))
  const length = Array.from(draft.trim()).length
  const tooLong = length > WELCOME_COMMENT_MAX
  return (
    <form
      className="welcome-editor"
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'welcome.save' })
      }}
    >
      <label className="field">
        <span className="field__label">{t('room.welcome')}</span>
        <textarea
          className="field__input"
          rows={2}
          value={draft}
          placeholder={t('room.welcomePlaceholder')}
          aria-invalid={tooLong}
          aria-describedby="welcome-count"
          onChange={(e) => actor.send({ type: 'welcome.change', text: e.currentTarget.value })}
        />
      </label>
      <p id="welcome-count" className={tooLong ? 'form-error' : 'field__hint'}>
        {tooLong ? t('room.welcomeTooLong') : t('room.welcomeCount', { count: length })}
      </p>
      <div className="welcome-editor__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || length === 0 || tooLong}
        >
          {t('room.welcomeSave')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          onClick={() => actor.send({ type: 'welcome.delete' })}
        >
          {t('room.welcomeDelete')}
        </button>
      </div>
    </form>
  )
}
