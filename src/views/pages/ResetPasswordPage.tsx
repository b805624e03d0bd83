import { useSelector } from '@xstate/react'
import type { passwordResetMachine } from '../../machines/password-reset/password-reset.machine.ts'
import { useAuth, useT, usePageActor } from '../app-context.tsx'
import { Field, formValues } from '../auth/Field.tsx'
import { FormError } from '../components/FormError.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './pages.css'

/** /reset_password/sms: account → code by SMS → new password. */
export function ResetPasswordPage({ logic }: { logic: typeof passwordResetMachine }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const auth = useAuth()
  const step = useSelector(actor, (s) =>
    typeof s.value === 'string' ? s.value : 'enteringAccount',
  )
  const phone = useSelector(actor, (s) => s.context.phone)
  const error = useSelector(actor, (s) => s.context.error)
  useDocumentTitle(t('reset.title'))
  const busy = step === 'finding' || step === 'sending' || step === 'finishing'

  return (
    <section className="reset-page" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      <FormError message={error} />
      {(step === 'enteringAccount' || step === 'finding') && (
        <form
          className="auth-form"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({
              type: 'reset.start',
              accountId: formValues(e.currentTarget).account_id ?? '',
            })
          }}
        >
          <p>{t('reset.help')}</p>
          <Field
            label={t('auth.accountId')}
            name="account_id"
            required
            autoComplete="username"
            maxLength={30}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('reset.next')}
          </button>
        </form>
      )}
      {(step === 'confirming' || step === 'sending') && (
        <div className="auth-form">
          <p>{t('reset.confirm', { phone: phone ?? '' })}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => actor.send({ type: 'reset.send' })}
          >
            {t('reset.sendCode')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => actor.send({ type: 'reset.restart' })}
          >
            {t('reset.otherAccount')}
          </button>
        </div>
      )}
      {(step === 'enteringCode' || step === 'finishing') && (
        <form
          className="auth-form"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            const v = formValues(e.currentTarget)
            actor.send({
              type: 'reset.finish',
              code: v.code ?? '',
              password: v.password ?? '',
              passwordConfirm: v.password_confirm ?? '',
            })
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
          />
          <Field
            label={t('reset.newPassword')}
            name="password"
            type="password"
            required
            autoComplete="new-password"
            maxLength={128}
          />
          <Field
            label={t('auth.passwordConfirm')}
            name="password_confirm"
            type="password"
            required
            autoComplete="new-password"
            maxLength={128}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('reset.finish')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => actor.send({ type: 'reset.send' })}
          >
            {t('reset.resend')}
          </button>
        </form>
      )}
      {step === 'done' && (
        <div className="auth-form">
          <p role="status">{t('reset.done')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => auth.send({ type: 'login.open', kind: 1 })}
          >
            {t('header.login')}
          </button>
        </div>
      )}
    </section>
  )
}
