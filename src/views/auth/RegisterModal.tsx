import { useState } from 'react'
import { useSelector } from '@xstate/react'
import { FIELD_MESSAGES, signUpProblem } from '../../domain/account-rules.ts'
import { avatarUrl } from '../../domain/avatar.ts'
import { useAuthActor, useT } from '../app-context.tsx'
import { FormError } from '../components/FormError.tsx'
import { Modal } from '../components/Modal.tsx'
import { Captcha } from './Captcha.tsx'
import { Field, formValues } from './Field.tsx'
import './auth.css'

const AVATARS = [0, 1, 2, 3, 4, 5, 6, 7]

/** Registration with nickname, avatar and captcha; fields are checked before sending. */
export function RegisterModal() {
  const auth = useAuthActor()
  const { t } = useT()
  const captchaUrl = useSelector(auth, (s) => s.context.registerCaptchaUrl)
  const error = useSelector(auth, (s) => s.context.error)
  const busy = useSelector(auth, (s) => s.matches({ register: { open: 'registering' } }))
  // SPEC.md §9: a random avatar 0–7 to start with; the user may pick another.
  const [avatar, setAvatar] = useState(() => Math.floor(Math.random() * 8))
  const [fieldError, setFieldError] = useState<string | null>(null)

  return (
    <Modal
      title={t('auth.registerTitle')}
      onClose={() => auth.send({ type: 'register.close' })}
      closeLabel={t('common.dismiss')}
    >
      <FormError message={fieldError ?? error} />
      <form
        className="auth-form"
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault()
          const v = formValues(e.currentTarget)
          const form = {
            account_id: v.account_id ?? '',
            password: v.password ?? '',
            password_confirm: v.password_confirm ?? '',
            name: v.name ?? '',
          }
          const problem = signUpProblem(form)
          setFieldError(problem ? FIELD_MESSAGES[problem] : null)
          if (problem) return
          auth.send({
            type: 'register.submit',
            form: { ...form, captcha_word: v.captcha_word ?? '', avatar_id: avatar },
          })
        }}
      >
        <Field
          label={t('auth.accountId')}
          name="account_id"
          required
          autoComplete="username"
          maxLength={30}
        />
        <Field label={t('auth.nickname')} name="name" required maxLength={30} />
        <Field
          label={t('auth.password')}
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
        <fieldset className="avatar-picker">
          <legend>{t('auth.avatar')}</legend>
          {AVATARS.map((id) => (
            <label
              key={id}
              className={id === avatar ? 'avatar-choice avatar-choice--on' : 'avatar-choice'}
            >
              <input
                type="radio"
                name="avatar"
                value={id}
                checked={id === avatar}
                onChange={() => setAvatar(id)}
              />
              <img
                src={avatarUrl(id)}
                alt={t('auth.avatarNumber', { id: id + 1 })}
                width={40}
                height={40}
              />
            </label>
          ))}
        </fieldset>
        <Captcha url={captchaUrl} onRefresh={() => auth.send({ type: 'captcha.refresh' })} />
        <button type="submit" className="button button--primary button--wide" disabled={busy}>
          {t('auth.registerSubmit')}
        </button>
      </form>
    </Modal>
  )
}
