import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { InvoiceField } from '../../domain/invoice.ts'
import type { InvoiceHolder, invoiceMachine } from '../../machines/invoice/invoice.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { TextField } from '../components/TextField.tsx'
import { useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { useInvoiceHolder } from './holder.ts'
import './invoice.css'

type Logic = typeof invoiceMachine

const FIELDS: Array<{ field: InvoiceField; label: string; autoComplete: string; hint?: string }> = [
  {
    field: 'registration_number',
    label: 'invoice.number',
    autoComplete: 'off',
    hint: 'invoice.numberHint',
  },
  { field: 'name', label: 'invoice.name', autoComplete: 'organization' },
  { field: 'address', label: 'invoice.address', autoComplete: 'street-address' },
]

/** `/invoice/post`: the registration's form; refused fields say why and keep what was typed. */
export function InvoicePostPage({ logic }: { logic: Logic }) {
  const holder = useInvoiceHolder()
  return <InvoiceForm key={holder} logic={logic} holder={holder} />
}

function InvoiceForm({ logic, holder }: { logic: Logic; holder: InvoiceHolder }) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { holder, page: 'post' } })
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      loadFailed: s.matches('loadFailed'),
      saveFailed: s.matches('failed'),
      saving: s.matches('saving') || s.matches('saved'),
      form: s.context.form,
      errors: s.context.errors,
    }),
    shallowEqual,
  )
  const { form: formRef, submitted } = useFocusFirstInvalid(view.errors)
  useDocumentTitle(t('invoice.postTitle'))
  if (view.loadFailed) {
    return (
      <LoadFailed
        message={t('invoice.loadFailed')}
        onRetry={() => actor.send({ type: 'invoice.retry' })}
      />
    )
  }
  if (view.loading) return <p aria-busy="true">{t('common.loading')}</p>
  const submit = () => {
    submitted()
    actor.send({ type: 'invoice.submit' })
  }
  return (
    <section className="invoice" aria-labelledby="invoice-post-title">
      <h1 id="invoice-post-title">{t('invoice.postTitle')}</h1>
      {holder === 'organizer' && <p className="invoice__note">{t('invoice.organizerNote')}</p>}
      {view.saveFailed && (
        <div className="notice notice--error invoice__failed" role="alert">
          <p>{t('invoice.saveFailed')}</p>
          <button type="button" className="button button--ghost" onClick={submit}>
            {t('invoice.resend')}
          </button>
        </div>
      )}
      <form
        ref={formRef}
        className="invoice__form"
        noValidate
        aria-busy={view.saving}
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        {FIELDS.map((spec) => (
          <TextField
            key={spec.field}
            id={`invoice-${spec.field}`}
            name={spec.field}
            label={t(spec.label)}
            hint={spec.hint && t(spec.hint)}
            value={view.form[spec.field]}
            error={view.errors[spec.field]}
            autoComplete={spec.autoComplete}
            readOnly={view.saving}
            onChange={(value) => actor.send({ type: 'invoice.change', field: spec.field, value })}
          />
        ))}
        <div className="invoice__actions">
          <Link to="/invoice" className="button button--ghost">
            {t('invoice.back')}
          </Link>
          <button type="submit" className="button button--primary" disabled={view.saving}>
            {view.saving ? t('invoice.saving') : t('invoice.save')}
          </button>
        </div>
      </form>
    </section>
  )
}
