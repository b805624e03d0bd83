import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { InvoiceRegistration } from '../../contract/invoice.ts'
import type { InvoiceHolder, invoiceMachine } from '../../machines/invoice/invoice.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { formatTokyoDate } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { useInvoiceHolder } from './holder.ts'
import './invoice.css'

type Logic = typeof invoiceMachine

/** `/invoice`: the account's registration as a qualified invoice issuer, or why to make one. */
export function InvoicePage({ logic }: { logic: Logic }) {
  const holder = useInvoiceHolder()
  // Another account (an organizer's) has another registration: a new actor loads it.
  return <InvoiceView key={holder} logic={logic} holder={holder} />
}

function InvoiceView({ logic, holder }: { logic: Logic; holder: InvoiceHolder }) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { holder, page: 'show' } })
  const view = useSelector(
    actor,
    (s) => ({
      ready: s.matches('ready'),
      failed: s.matches('loadFailed'),
      invoice: s.context.invoice,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('invoice.title'))
  if (view.failed) {
    return (
      <LoadFailed
        message={t('invoice.loadFailed')}
        onRetry={() => actor.send({ type: 'invoice.retry' })}
      />
    )
  }
  if (!view.ready) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="invoice" aria-labelledby="invoice-title">
      <h1 id="invoice-title">{t('invoice.title')}</h1>
      {holder === 'organizer' && <p className="invoice__note">{t('invoice.organizerNote')}</p>}
      {view.invoice ? <Registered invoice={view.invoice} /> : <Unregistered />}
    </section>
  )
}

function Status({ registered }: { registered: boolean }) {
  const { t } = useT()
  return (
    <p className="invoice__status">
      <span className="invoice__status-label">{t('invoice.status')}</span>
      <span
        className={`invoice__badge${registered ? ' invoice__badge--on' : ''}`}
        data-testid="invoice-status"
      >
        {t(registered ? 'invoice.registered' : 'invoice.unregistered')}
      </span>
    </p>
  )
}

function Registered({ invoice }: { invoice: InvoiceRegistration }) {
  const { t, locale } = useT()
  return (
    <>
      <div className="invoice__card">
        <Status registered />
        <dl className="invoice__facts">
          <dt>{t('invoice.number')}</dt>
          <dd data-testid="invoice-number">{invoice.registration_number}</dd>
          <dt>{t('invoice.name')}</dt>
          <dd>{invoice.name}</dd>
          <dt>{t('invoice.address')}</dt>
          <dd>{invoice.address}</dd>
          <dt>{t('invoice.updatedAt')}</dt>
          <dd>{formatTokyoDate(invoice.updated_at, locale)}</dd>
        </dl>
      </div>
      <Link to="/invoice/post" className="button button--primary invoice__go">
        {t('invoice.change')}
      </Link>
    </>
  )
}

function Unregistered() {
  const { t } = useT()
  return (
    <>
      <div className="invoice__card">
        <Status registered={false} />
        <p className="invoice__about">{t('invoice.about')}</p>
      </div>
      <Link to="/invoice/post" className="button button--primary invoice__go">
        {t('invoice.register')}
      </Link>
    </>
  )
}
