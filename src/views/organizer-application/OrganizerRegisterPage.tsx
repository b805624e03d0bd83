import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { OrganizerApplicationForm } from '../../domain/organizer-application.ts'
import type { organizerApplicationMachine } from '../../machines/organizer-application/organizer-application.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { StepList } from '../components/StepList.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { ApplicationForm } from './ApplicationForm.tsx'
import { APPLICATION_FIELDS, type ApplicationActor } from './fields.ts'
import './organizer-application.css'

type Logic = typeof organizerApplicationMachine
type Step = 'form' | 'confirm' | 'done'

/**
 * `/organizer/register`: the application to become an event organizer. Which part shows is the
 * machine's state: the form and its review, a pending application, or an organizer's link.
 */
export function OrganizerRegisterPage({ logic }: { logic: Logic }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      loadFailed: s.matches('loadFailed'),
      pending: s.matches('pending'),
      approved: s.matches('approved'),
      done: s.matches('done'),
      reviewing: s.matches('confirming') || s.matches('submitting') || s.matches('failed'),
    }),
    shallowEqual,
  )
  useDocumentTitle(t('organizerRegister.title'))
  if (view.loadFailed) {
    return (
      <LoadFailed
        message={t('organizerRegister.loadFailed')}
        onRetry={() => actor.send({ type: 'application.retry' })}
      />
    )
  }
  if (view.loading) return <p aria-busy="true">{t('common.loading')}</p>
  if (view.approved) return <Approved actor={actor} />
  const step: Step = view.done ? 'done' : view.reviewing ? 'confirm' : 'form'
  return (
    <section className="organizer-apply" aria-labelledby="organizer-apply-title">
      <h1 id="organizer-apply-title">{t('organizerRegister.title')}</h1>
      {view.pending ? (
        <Sent actor={actor} title="organizerRegister.pendingTitle" />
      ) : (
        <>
          <StepList
            steps={(['form', 'confirm', 'done'] as const).map((key) => ({
              key,
              text: t(`organizerRegister.step.${key}`),
            }))}
            current={step}
            label={t('organizerRegister.stepsLabel')}
          />
          {step === 'form' && <ApplicationForm actor={actor} />}
          {step === 'confirm' && <Review actor={actor} />}
          {step === 'done' && <Sent actor={actor} title="organizerRegister.doneTitle" />}
        </>
      )}
    </section>
  )
}

/** The values as a list to read: the review's, and a pending application's. */
function Values({ form }: { form: OrganizerApplicationForm }) {
  const { t } = useT()
  return (
    <dl className="organizer-apply__facts" data-testid="organizer-apply-values">
      {APPLICATION_FIELDS.map((spec) => (
        <div key={spec.field}>
          <dt>{t(spec.label)}</dt>
          <dd>{form[spec.field].trim() || t('organizerRegister.none')}</dd>
        </div>
      ))}
    </dl>
  )
}

function Review({ actor }: { actor: ApplicationActor }) {
  const { t } = useT()
  // The step changed without a page load: a screen reader (and a phone's scroll) starts at its heading.
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const view = useSelector(
    actor,
    (s) => ({
      form: s.context.form,
      sending: s.matches('submitting'),
      failed: s.matches('failed'),
      failure: s.context.failure,
    }),
    shallowEqual,
  )
  const submit = () => {
    if (!view.sending) actor.send({ type: 'application.submit' })
  }
  return (
    <div className="organizer-apply__card organizer-apply__stack" aria-busy={view.sending}>
      <h2 ref={heading} tabIndex={-1}>
        {t('organizerRegister.confirmTitle')}
      </h2>
      {view.failed && (
        <div className="notice notice--error" role="alert">
          <p>{view.failure ?? t('organizerRegister.sendFailed')}</p>
          <p>{t('organizerRegister.textKept')}</p>
        </div>
      )}
      <Values form={view.form} />
      <p className="organizer-apply__note">{t('organizerRegister.reviewNote')}</p>
      <div className="organizer-apply__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={view.sending}
          onClick={() => actor.send({ type: 'application.back' })}
        >
          {t('organizerRegister.fix')}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={view.sending}
          onClick={submit}
        >
          {view.sending
            ? t('organizerRegister.submitting')
            : view.failed
              ? t('organizerRegister.resend')
              : t('organizerRegister.submit')}
        </button>
      </div>
    </div>
  )
}

/** Sent (just now, or earlier and still waiting): what was sent, and what happens next. */
function Sent({ actor, title }: { actor: ApplicationActor; title: string }) {
  const { t } = useT()
  const application = useSelector(actor, (s) => s.context.application)
  return (
    <div className="organizer-apply__card organizer-apply__stack" role="status">
      <h2>{t(title)}</h2>
      <p>{t('organizerRegister.pendingBody')}</p>
      {application && (
        <Values
          form={{
            company_name: application.company_name,
            contact_name: application.contact_name,
            contact_mail: application.contact_mail,
            contact_phone: application.contact_phone,
            invoice_number: application.invoice_number ?? '',
          }}
        />
      )}
      <Link to="/mypage" className="button button--ghost organizer-apply__go">
        {t('organizerRegister.toMypage')}
      </Link>
    </div>
  )
}

function Approved({ actor }: { actor: ApplicationActor }) {
  const { t } = useT()
  const company = useSelector(actor, (s) =>
    s.context.application?.status === 'approved' ? s.context.application.company_name : '',
  )
  return (
    <section className="organizer-apply" aria-labelledby="organizer-apply-title">
      <h1 id="organizer-apply-title">{t('organizerRegister.approvedTitle')}</h1>
      <div className="organizer-apply__card organizer-apply__stack" role="status">
        <p>
          {company
            ? t('organizerRegister.approvedAs', { name: company })
            : t('organizerRegister.approvedBody')}
        </p>
        <Link to="/organizer/events" className="button button--primary organizer-apply__go">
          {t('organizerRegister.toEvents')}
        </Link>
      </div>
    </section>
  )
}
