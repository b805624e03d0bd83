import { useSelector } from '@xstate/react'
import { useAuthActor, useT } from '../app-context.tsx'
import { FormError } from '../components/FormError.tsx'
import { Modal } from '../components/Modal.tsx'
import { Field, formValues } from './Field.tsx'

/** SMS authentication: a phone number, then the six-digit code sent to it. */
export function SmsAuthModal() {
  const auth = useAuthActor()
  const { t } = useT()
  const error = useSelector(auth, (s) => s.context.error)
  const phone = useSelector(auth, (s) => s.context.smsPhone)
  const step = useSelector(auth, (s) =>
    s.matches({ sms: { open: 'enteringCode' } }) || s.matches({ sms: { open: 'verifying' } })
      ? 'code'
      : 'phone',
  )
  const busy = useSelector(
    auth,
    (s) => s.matches({ sms: { open: 'sendingCode' } }) || s.matches({ sms: { open: 'verifying' } }),
  )

  return (
    <Modal
      title={t('auth.smsTitle')}
      onClose={() => auth.send({ type: 'sms.close' })}
      closeLabel={t('common.dismiss')}
    >
      <FormError message={error} />
      {step === 'phone' ? (
        <form
          className="auth-form"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            auth.send({ type: 'sms.send', phone: formValues(e.currentTarget).phone ?? '' })
          }}
        >
          <p>{t('auth.smsHelp')}</p>
          <Field
            label={t('auth.phone')}
            name="phone"
            type="tel"
            required
            autoComplete="tel"
            maxLength={20}
            placeholder="09012345678"
          />
          <button type="submit" className="button button--primary button--wide" disabled={busy}>
            {t('auth.smsSend')}
          </button>
        </form>
      ) : (
        <form
          className="auth-form"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            auth.send({ type: 'sms.verify', code: formValues(e.currentTarget).code ?? '' })
          }}
        >
          <p>{t('auth.smsSent', { phone: phone ?? '' })}</p>
          <Field
            label={t('auth.code')}
            name="code"
            inputMode="numeric"
            required
            autoComplete="one-time-code"
            maxLength={6}
            pattern="\d{6}"
          />
          <button type="submit" className="button button--primary button--wide" disabled={busy}>
            {t('auth.smsVerify')}
          </button>
        </form>
      )}
    </Modal>
  )
}
