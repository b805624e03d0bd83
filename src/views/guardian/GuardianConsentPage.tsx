import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { guardianConsentMachine } from '../../machines/guardian-consent/guardian-consent.machine.ts'
import { useApp, usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { TextField } from '../components/TextField.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { ConsentFacts, ConsentStatement, RELATIONSHIPS, relationshipKey } from './consent-parts.tsx'
import './guardian-consent.css'

type Logic = typeof guardianConsentMachine
type Actor = ActorRefFrom<Logic>

/**
 * `/legal_representative_agreement` (issue #28 point 4): a parent or guardian of a user under 13
 * agrees, in two steps (the form, then its review). Which part shows is the machine's state.
 */
export function GuardianConsentPage({ logic }: { logic: Logic }) {
  const { t } = useT()
  const returnPath = useApp((s) => s.context.termsReturnPath)
  const actor = usePageActor(logic, { input: { returnPath } })
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      loadFailed: s.matches('loadFailed'),
      notNeeded: s.matches('notNeeded'),
      consent: s.context.consent,
      reviewing: s.matches('confirming') || s.matches('submitting'),
    }),
    shallowEqual,
  )
  useDocumentTitle(t('guardian.title'))
  if (view.loadFailed) {
    return (
      <LoadFailed
        message={t('guardian.loadFailed')}
        onRetry={() => actor.send({ type: 'consent.retry' })}
      />
    )
  }
  if (view.loading) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="guardian-consent" aria-labelledby="guardian-consent-title">
      <h1 id="guardian-consent-title">{t('guardian.title')}</h1>
      {view.notNeeded ? (
        <div className="guardian-consent__card">
          <p>{t('guardian.notNeeded')}</p>
          <Link to="/" className="button guardian-consent__go">
            {t('guardian.goHome')}
          </Link>
        </div>
      ) : view.consent ? (
        <div className="guardian-consent__card" role="status">
          <p className="guardian-consent__done">{t('guardian.alreadyAgreed')}</p>
          <ConsentFacts consent={view.consent} />
          <Link to="/" className="button button--primary guardian-consent__go">
            {t('guardian.goHome')}
          </Link>
        </div>
      ) : view.reviewing ? (
        <Review actor={actor} />
      ) : (
        <ConsentForm actor={actor} />
      )}
    </section>
  )
}

function ConsentForm({ actor }: { actor: Actor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({ form: s.context.form, errors: s.context.errors }),
    shallowEqual,
  )
  const { form: formRef, submitted } = useFocusFirstInvalid(view.errors)
  return (
    <form
      ref={formRef}
      className="guardian-consent__card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        submitted()
        actor.send({ type: 'consent.next' })
      }}
    >
      <p className="guardian-consent__note">{t('guardian.intro')}</p>
      <TextField
        id="guardian-name"
        name="guardian_name"
        label={t('guardian.name')}
        value={view.form.guardian_name}
        error={view.errors.guardian_name}
        autoComplete="name"
        required
        onChange={(value) => actor.send({ type: 'consent.change', field: 'guardian_name', value })}
      />
      <fieldset
        className="guardian-consent__choices"
        aria-describedby={view.errors.relationship ? 'guardian-relationship-error' : undefined}
      >
        <legend>{t('guardian.relationshipLabel')}</legend>
        {RELATIONSHIPS.map((value) => (
          <label key={value} className="guardian-consent__choice">
            <input
              type="radio"
              name="relationship"
              value={value}
              checked={view.form.relationship === value}
              {...(view.errors.relationship ? { 'aria-invalid': true } : {})}
              onChange={() => actor.send({ type: 'consent.change', field: 'relationship', value })}
            />
            <span>{t(relationshipKey(value))}</span>
          </label>
        ))}
        {view.errors.relationship && (
          <p className="field__error" id="guardian-relationship-error" role="alert">
            {view.errors.relationship}
          </p>
        )}
      </fieldset>
      <ConsentStatement />
      <label className="guardian-consent__choice">
        <input
          type="checkbox"
          name="agreed"
          checked={view.form.agreed}
          {...(view.errors.agreed
            ? { 'aria-invalid': true, 'aria-describedby': 'guardian-agreed-error' }
            : {})}
          onChange={(e) => actor.send({ type: 'consent.check', agreed: e.target.checked })}
        />
        <span>{t('guardian.check')}</span>
      </label>
      {view.errors.agreed && (
        <p className="field__error" id="guardian-agreed-error" role="alert">
          {view.errors.agreed}
        </p>
      )}
      <button type="submit" className="button button--primary guardian-consent__go">
        {t('guardian.next')}
      </button>
    </form>
  )
}

function Review({ actor }: { actor: Actor }) {
  const { t } = useT()
  const form = useSelector(actor, (s) => s.context.form)
  const busy = useSelector(actor, (s) => s.matches('submitting'))
  return (
    <div className="guardian-consent__card" aria-busy={busy}>
      <h2>{t('guardian.confirmTitle')}</h2>
      <dl className="guardian-consent__facts">
        <div>
          <dt>{t('guardian.name')}</dt>
          <dd>{form.guardian_name.trim()}</dd>
        </div>
        <div>
          <dt>{t('guardian.relationshipLabel')}</dt>
          <dd>{t(relationshipKey(form.relationship))}</dd>
        </div>
      </dl>
      <ConsentStatement />
      <p className="guardian-consent__done">{t('guardian.check')}</p>
      <div className="guardian-consent__actions">
        <button
          type="button"
          className="button guardian-consent__go"
          disabled={busy}
          onClick={() => actor.send({ type: 'consent.back' })}
        >
          {t('guardian.back')}
        </button>
        <button
          type="button"
          className="button button--primary guardian-consent__go"
          disabled={busy}
          onClick={() => actor.send({ type: 'consent.submit' })}
        >
          {busy ? t('guardian.submitting') : t('guardian.submit')}
        </button>
      </div>
    </div>
  )
}
