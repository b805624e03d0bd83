import { useSelector } from '@xstate/react'
import { useApp, useAuthActor, useT } from '../app-context.tsx'
import { FormError } from '../components/FormError.tsx'
import { Modal } from '../components/Modal.tsx'
import { Captcha } from './Captcha.tsx'
import { Field, formValues } from './Field.tsx'
import './auth.css'

/** The login modal in its three kinds: 1 login, 2 Twitter login stopped, 3 forgotten password. */
export function LoginModal() {
  const auth = useAuthActor()
  const { t } = useT()
  const kind = useSelector(auth, (s) => s.context.loginKind)
  const captchaUrl = useSelector(auth, (s) => s.context.loginCaptchaUrl)
  const error = useSelector(auth, (s) => s.context.error)
  const busy = useSelector(
    auth,
    (s) =>
      s.matches({ login: { open: 'loggingIn' } }) ||
      s.matches({ login: { open: 'sendingForget' } }),
  )
  const forgetSent = useSelector(auth, (s) => s.context.forgetSent)
  const socialProviders = useApp((s) => s.context.settings.social_providers)
  const close = () => auth.send({ type: 'login.close' })

  return (
    <Modal
      title={kind === 3 ? t('auth.forgetTitle') : t('auth.loginTitle')}
      onClose={close}
      closeLabel={t('common.dismiss')}
    >
      <FormError message={error} />
      {kind === 1 && (
        <form
          className="auth-form"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            const v = formValues(e.currentTarget)
            auth.send({
              type: 'login.submit',
              form: {
                account_id: v.account_id ?? '',
                password: v.password ?? '',
                captcha_word: v.captcha_word ?? '',
              },
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
          <Field
            label={t('auth.password')}
            name="password"
            type="password"
            required
            autoComplete="current-password"
            maxLength={128}
          />
          <Captcha url={captchaUrl} onRefresh={() => auth.send({ type: 'captcha.refresh' })} />
          <button type="submit" className="button button--primary button--wide" disabled={busy}>
            {t('auth.loginSubmit')}
          </button>
          {socialProviders.includes('twitter') && (
            <a
              className="button button--ghost button--wide"
              href="/social/twitter/sign_up?type=login"
            >
              {t('auth.twitterLogin')}
            </a>
          )}
          {socialProviders.includes('facebook') && (
            <a
              className="button button--ghost button--wide"
              href="/social/facebook/sign_up?type=login"
            >
              {t('auth.facebookLogin')}
            </a>
          )}
          <div className="auth-form__links">
            <button
              type="button"
              className="link-button"
              onClick={() => auth.send({ type: 'login.kind', kind: 3 })}
            >
              {t('auth.forgetLink')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                close()
                auth.send({ type: 'register.open' })
              }}
            >
              {t('auth.registerLink')}
            </button>
          </div>
        </form>
      )}
      {kind === 2 && (
        <div className="auth-form">
          <p>{t('auth.twitterStopped')}</p>
          <button
            type="button"
            className="button button--primary button--wide"
            onClick={() => auth.send({ type: 'login.kind', kind: 1 })}
          >
            {t('auth.loginWithId')}
          </button>
        </div>
      )}
      {kind === 3 && (
        <form
          className="auth-form"
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault()
            auth.send({
              type: 'forget.submit',
              mailAddress: formValues(e.currentTarget).mail_address ?? '',
            })
          }}
        >
          <p>{t('auth.forgetHelp')}</p>
          <Field
            label={t('auth.mail')}
            name="mail_address"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
          />
          {forgetSent && <p role="status">{t('auth.forgetSent')}</p>}
          <button type="submit" className="button button--primary button--wide" disabled={busy}>
            {t('auth.forgetSubmit')}
          </button>
          <a className="link-button" href="/reset_password/sms">
            {t('auth.resetBySms')}
          </a>
          <button
            type="button"
            className="link-button"
            onClick={() => auth.send({ type: 'login.kind', kind: 1 })}
          >
            {t('auth.backToLogin')}
          </button>
        </form>
      )}
    </Modal>
  )
}
