import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { OPINION_BODY_MAX } from '../../domain/inquiry.ts'
import type { opinionMachine } from '../../machines/opinion/opinion.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CharCount, SendFailed } from './parts.tsx'

/** `/opinion/new`: one text for what the sender thinks of Kirari; no reply is promised. */
export function OpinionNewPage({ logic }: { logic: typeof opinionMachine }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const view = useSelector(
    actor,
    (s) => ({
      sending: s.matches('sending') || s.matches('sent'),
      failed: s.matches('failed'),
      failure: s.context.failure,
      body: s.context.body,
      error: s.context.error,
    }),
    shallowEqual,
  )
  const { form, submitted } = useFocusFirstInvalid(view.error === null ? {} : { body: view.error })
  useDocumentTitle(t('opinion.title'))
  const submit = () => {
    if (view.sending) return
    submitted()
    actor.send({ type: 'opinion.submit' })
  }
  const describedBy = ['opinion-body-count', view.error && 'opinion-body-error']
    .filter(Boolean)
    .join(' ')
  return (
    <section className="inquiry" aria-labelledby="opinion-title">
      <h1 id="opinion-title">{t('opinion.title')}</h1>
      <p className="inquiry__intro">{t('opinion.intro')}</p>
      {view.failed && <SendFailed message={view.failure} onResend={submit} />}
      <form
        ref={form}
        className="inquiry__card inquiry__form"
        noValidate
        aria-busy={view.sending}
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="opinion-body">
            {t('opinion.body')}
          </label>
          <textarea
            className="field__input inquiry__text"
            id="opinion-body"
            name="body"
            rows={8}
            value={view.body}
            readOnly={view.sending}
            aria-describedby={describedBy}
            {...(view.error ? { 'aria-invalid': true } : {})}
            onChange={(e) => actor.send({ type: 'opinion.change', value: e.target.value })}
          />
          <CharCount id="opinion-body-count" text={view.body} max={OPINION_BODY_MAX} />
          {view.error && (
            <span className="field__error" id="opinion-body-error" role="alert">
              {view.error}
            </span>
          )}
        </div>
        <p className="inquiry__note">
          {t('opinion.replyNote')} <Link to="/inquiry">{t('inquiry.title')}</Link>
        </p>
        <div className="inquiry__actions">
          <button type="submit" className="button button--primary" aria-disabled={view.sending}>
            {view.sending ? t('inquiry.sending') : t('opinion.send')}
          </button>
        </div>
      </form>
    </section>
  )
}

/** `/opinion/complete`: thanks, and the way home. */
export function OpinionCompletePage() {
  const { t } = useT()
  useDocumentTitle(t('opinion.thanksTitle'))
  return (
    <section className="inquiry" aria-labelledby="opinion-thanks-title">
      <h1 id="opinion-thanks-title">{t('opinion.thanksTitle')}</h1>
      <div className="inquiry__card inquiry__sent">
        <p>{t('opinion.thanks')}</p>
      </div>
      <div className="inquiry__actions">
        <Link to="/" className="button button--primary">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  )
}
