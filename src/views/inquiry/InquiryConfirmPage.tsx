import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { InquiryReceipt } from '../../machines/inquiry/inquiry.machine.ts'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { useInquiryVisit, type InquiryActor } from './inquiry-context.tsx'
import { InquiryGate, InquirySteps, SendFailed } from './parts.tsx'

/** `/inquiry/confirm`: the draft to read over (修正する / 送信する), then its receipt. */
export function InquiryConfirmPage() {
  const { t } = useT()
  const actor = useInquiryVisit('confirm')
  const receipt = useSelector(actor, (s) => (s.matches('sent') ? s.context.receipt : null))
  useDocumentTitle(t(receipt ? 'inquiry.sentTitle' : 'inquiry.confirmTitle'))
  if (receipt) return <Sent receipt={receipt} />
  return (
    <section className="inquiry" aria-labelledby="inquiry-confirm-title">
      <h1 id="inquiry-confirm-title">{t('inquiry.confirmTitle')}</h1>
      <InquirySteps current="confirm" />
      <InquiryGate actor={actor}>
        <Review actor={actor} />
      </InquiryGate>
    </section>
  )
}

function Review({ actor }: { actor: InquiryActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      // Until the page is placed (a draft the rules refuse goes back to the form).
      placed: s.matches('reviewing') || s.matches('sending') || s.matches('failed'),
      sending: s.matches('sending'),
      failed: s.matches('failed'),
      failure: s.context.failure,
      form: s.context.form,
      categories: s.context.categories,
    }),
    shallowEqual,
  )
  if (!view.placed) return <p aria-busy="true">{t('common.loading')}</p>
  const category = view.categories.find((c) => c.id === view.form.category)
  const send = () => {
    if (!view.sending) actor.send({ type: 'inquiry.send' })
  }
  return (
    <div className="inquiry__review" aria-busy={view.sending}>
      {view.failed && <SendFailed message={view.failure} onResend={send} />}
      <dl className="inquiry__card inquiry__facts" data-testid="inquiry-review">
        <dt>{t('inquiry.category')}</dt>
        <dd>{category?.label ?? view.form.category}</dd>
        <dt>{t('inquiry.name')}</dt>
        <dd>{view.form.name.trim() || t('inquiry.noName')}</dd>
        <dt>{t('inquiry.mail')}</dt>
        <dd>{view.form.mail_address}</dd>
        <dt>{t('inquiry.body')}</dt>
        <dd className="inquiry__body">{view.form.body}</dd>
      </dl>
      <p className="inquiry__note">{t('inquiry.receiptNote')}</p>
      <div className="inquiry__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={view.sending}
          onClick={() => actor.send({ type: 'inquiry.fix' })}
        >
          {t('inquiry.fix')}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={view.sending}
          onClick={send}
        >
          {view.sending ? t('inquiry.sending') : t('inquiry.send')}
        </button>
      </div>
    </div>
  )
}

function Sent({ receipt }: { receipt: InquiryReceipt }) {
  const { t } = useT()
  return (
    <section className="inquiry" aria-labelledby="inquiry-sent-title">
      <h1 id="inquiry-sent-title">{t('inquiry.sentTitle')}</h1>
      <div className="inquiry__card inquiry__sent" role="status">
        <p className="inquiry__receipt">
          <span>{t('inquiry.receiptNumber')}</span>
          <strong data-testid="inquiry-receipt">#{receipt.inquiryId}</strong>
        </p>
        <p>{t('inquiry.receiptSent', { mail: receipt.mailAddress })}</p>
        <p className="inquiry__note">{t('inquiry.replyNote')}</p>
      </div>
      <div className="inquiry__actions">
        <Link to="/" className="button button--primary">
          {t('common.backHome')}
        </Link>
        <Link to="/inquiry" className="button button--ghost">
          {t('inquiry.another')}
        </Link>
      </div>
    </section>
  )
}
