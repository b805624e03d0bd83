import { useState } from 'react'
import { useSelector } from '@xstate/react'
import { FIELD_MESSAGES, checkAccountId } from '../../domain/account-rules.ts'
import { useAuthActor, useT } from '../app-context.tsx'
import { FormError } from '../components/FormError.tsx'
import { Modal } from '../components/Modal.tsx'
import { Field, formValues } from './Field.tsx'
import './auth.css'

/**
 * Sign-up through X or Facebook (issue #28): the provider said who the visitor is; an account_id
 * makes the account, linked to that identity, and logs it in.
 */
export function SocialSignupModal() {
  const auth = useAuthActor()
  const { t } = useT()
  const error = useSelector(auth, (s) => s.context.error)
  const busy = useSelector(auth, (s) => s.matches({ socialSignup: { open: 'signingUp' } }))
  const [fieldError, setFieldError] = useState<string | null>(null)
  return (
    <Modal
      title={t('auth.socialSignupTitle')}
      onClose={() => auth.send({ type: 'socialSignup.close' })}
      closeLabel={t('common.dismiss')}
    >
      <FormError message={fieldError ?? error} />
      <form
        className="auth-form"
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault()
          const accountId = formValues(e.currentTarget).account_id ?? ''
          const ok = checkAccountId(accountId)
          setFieldError(ok ? null : FIELD_MESSAGES.account_id)
          if (ok) auth.send({ type: 'socialSignup.submit', accountId })
        }}
      >
        <p>{t('auth.socialSignupLead')}</p>
        <Field
          label={t('auth.accountId')}
          name="account_id"
          required
          autoComplete="username"
          maxLength={30}
        />
        <button type="submit" className="button button--primary button--wide" disabled={busy}>
          {t('auth.socialSignupSubmit')}
        </button>
      </form>
    </Modal>
  )
}
