import { shallowEqual, useSelector } from '@xstate/react'
import { type ShippingField } from '../../domain/shop.ts'
import { PREFECTURES } from '../../domain/shop-forms.ts'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CheckoutGate } from './CheckoutGate.tsx'
import { useCheckoutVisit } from './checkout-context.tsx'
import { FieldShell, errorAttributes, useFocusFirstInvalid } from './FieldShell.tsx'
import { Steps } from './parts.tsx'

const FIELDS: Array<{
  field: Exclude<ShippingField, 'prefecture'>
  autoComplete: string
  inputMode?: 'numeric' | 'tel'
  optional?: boolean
}> = [
  { field: 'name', autoComplete: 'name' },
  { field: 'postal_code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'address_line1', autoComplete: 'address-line1' },
  { field: 'address_line2', autoComplete: 'address-line2', optional: true },
  { field: 'phone', autoComplete: 'tel', inputMode: 'tel' },
]

/** `…/shipping`: where the SIM card or goods go. Refused fields keep what was typed. */
export function ShippingPage({ packageId, planId }: { packageId: number; planId: number }) {
  const { t } = useT()
  const actor = useCheckoutVisit({ step: 'shipping', packageId, planId })
  const { address, errors, saving } = useSelector(
    actor,
    (s) => ({
      address: s.context.address,
      errors: s.context.fieldErrors,
      saving: s.matches({ shipping: 'saving' }) || s.matches({ shipping: 'saved' }),
    }),
    shallowEqual,
  )
  useDocumentTitle(t('shop.shippingTitle'))
  const change = (field: ShippingField, value: string) =>
    actor.send({ type: 'shipping.change', field, value })
  const focus = useFocusFirstInvalid(errors)
  const idOf = (field: ShippingField) => `shipping-${field}`

  const input = (spec: (typeof FIELDS)[number]) => (
    <FieldShell
      key={spec.field}
      id={idOf(spec.field)}
      label={`${t(`shop.field.${spec.field}`)}${spec.optional ? ` ${t('shop.optional')}` : ''}`}
      error={errors[spec.field]}
    >
      <input
        className="field__input"
        id={idOf(spec.field)}
        name={spec.field}
        value={address[spec.field]}
        autoComplete={spec.autoComplete}
        {...(spec.inputMode ? { inputMode: spec.inputMode } : {})}
        {...errorAttributes(idOf(spec.field), errors[spec.field])}
        onChange={(e) => change(spec.field, e.target.value)}
      />
    </FieldShell>
  )

  return (
    <CheckoutGate step="shipping">
      <section className="shop" aria-labelledby="shipping-title">
        <Steps current="shipping" />
        <h1 id="shipping-title">{t('shop.shippingTitle')}</h1>
        <form
          ref={focus.form}
          className="shop-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            focus.submitted()
            actor.send({ type: 'shipping.submit' })
          }}
        >
          {FIELDS.slice(0, 2).map(input)}
          <FieldShell
            id={idOf('prefecture')}
            label={t('shop.field.prefecture')}
            error={errors.prefecture}
          >
            <select
              className="field__input"
              id={idOf('prefecture')}
              name="prefecture"
              value={address.prefecture}
              {...errorAttributes(idOf('prefecture'), errors.prefecture)}
              onChange={(e) => change('prefecture', e.target.value)}
            >
              <option value="">{t('shop.choosePrefecture')}</option>
              {PREFECTURES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </FieldShell>
          {FIELDS.slice(2).map(input)}
          <div className="shop__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'checkout.back' })}
            >
              {t('shop.back')}
            </button>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? t('shop.saving') : t('shop.toConfirm')}
            </button>
          </div>
        </form>
      </section>
    </CheckoutGate>
  )
}
