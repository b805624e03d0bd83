import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { mypageMachine } from '../../machines/mypage/mypage.machine.ts'
import type { pushDevicesMachine } from '../../machines/push-devices/push-devices.machine.ts'
import { PushDevices } from '../push-devices/PushDevices.tsx'
import { formatCompactCount } from '../../domain/compact-count.ts'
import { FIELD_MESSAGES, checkBirthday, checkName } from '../../domain/account-rules.ts'
import { useAuth, useT, usePageActor } from '../app-context.tsx'
import { Field, formValues } from '../auth/Field.tsx'
import { FormError } from '../components/FormError.tsx'
import { StandingLinks } from '../components/StandingLinks.tsx'
import { MypageSocial } from '../auth/MypageSocial.tsx'
import { MypageGuardian } from '../guardian/MypageGuardian.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { useState } from 'react'
import './pages.css'

const toDateInput = (birthday: number | null) =>
  birthday === null
    ? ''
    : `${String(birthday).slice(0, 4)}-${String(birthday).slice(4, 6)}-${String(birthday).slice(6, 8)}`

/**
 * /mypage: who I am, my gold, my standing's pages, my nickname and birthday, and the devices
 * that take my notices.
 */
export function MypagePage({
  logic,
  devices,
  year,
}: {
  logic: typeof mypageMachine
  devices: typeof pushDevicesMachine
  year: number
}) {
  const { t, locale } = useT()
  const actor = usePageActor(logic)
  const auth = useAuth()
  const account = useSelector(actor, (s) => s.context.account)
  const error = useSelector(actor, (s) => s.context.error)
  const saving = useSelector(actor, (s) => s.matches('saving'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const [fieldError, setFieldError] = useState<string | null>(null)
  useDocumentTitle(t('mypage.title'))

  if (failed) {
    return (
      <section className="mypage">
        <p role="alert">{t('mypage.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'account.retry' })}
        >
          {t('common.retry')}
        </button>
      </section>
    )
  }
  if (!account) return <p aria-busy="true">{t('common.loading')}</p>

  return (
    <section className="mypage" aria-labelledby="mypage-title">
      <h1 id="mypage-title">{t('mypage.title')}</h1>
      <div className="mypage__card">
        <img src={account.avatar_url} alt="" width={72} height={72} />
        <dl className="mypage__facts">
          <dt>{t('mypage.name')}</dt>
          <dd data-testid="mypage-name">{account.name}</dd>
          <dt>{t('auth.accountId')}</dt>
          <dd>{account.account_id}</dd>
          <dt>{t('mypage.level')}</dt>
          <dd>{account.level}</dd>
          <dt>{t('mypage.gold')}</dt>
          <dd data-testid="mypage-gold">{formatCompactCount(account.gold, locale)}</dd>
          <dt>{t('mypage.expiringGold')}</dt>
          <dd>{formatCompactCount(account.expiring_gold, locale)}</dd>
          <dt>{t('mypage.sms')}</dt>
          <dd>
            {account.sms_auth ? (
              t('mypage.smsDone')
            ) : (
              <button
                type="button"
                className="link-button"
                onClick={() => auth.send({ type: 'sms.open' })}
              >
                {t('mypage.smsStart')}
              </button>
            )}
          </dd>
          <MypageGuardian account={account} />
          <MypageSocial account={account} />
          <dt>{t('mypage.invoice')}</dt>
          <dd>
            <Link to="/invoice" className="link-button">
              {t('mypage.invoiceOpen')}
            </Link>
          </dd>
          {/* /mypage is auth-user: only non-organizers see it, and may apply. */}
          <dt>{t('organizerRegister.mypageLabel')}</dt>
          <dd>
            <Link to="/organizer/register" className="link-button">
              {t('organizerRegister.mypageOpen')}
            </Link>
          </dd>
          <dt>{t('mypage.avatar')}</dt>
          <dd>
            <Link to="/user_avatar" className="link-button" data-testid="mypage-avatar">
              {t('mypage.avatarOpen')}
            </Link>
          </dd>
          {account.is_room_owner && account.room_id > 0 && (
            <>
              <dt>{t('mypage.jewelHist')}</dt>
              <dd>
                <Link
                  to="/jewel_hist/$id"
                  params={{ id: account.room_id }}
                  className="link-button"
                  data-testid="mypage-jewel-hist"
                >
                  {t('mypage.jewelHistOpen')}
                </Link>
              </dd>
              <dt>{t('mypage.roomBackground')}</dt>
              <dd>
                <Link
                  to="/room_background"
                  className="link-button"
                  data-testid="mypage-room-background"
                >
                  {t('mypage.roomBackgroundOpen')}
                </Link>
              </dd>
              <dt>{t('mypage.navigator')}</dt>
              <dd>
                <Link
                  to="/room/manage/navigator"
                  className="link-button"
                  data-testid="mypage-navigator"
                >
                  {t('mypage.navigatorOpen')}
                </Link>
              </dd>
            </>
          )}
        </dl>
      </div>
      <StandingLinks year={year} />
      <form
        className="auth-form mypage__form"
        aria-busy={saving}
        onSubmit={(e) => {
          e.preventDefault()
          const v = formValues(e.currentTarget)
          const name = v.name ?? ''
          const birthday = (v.birthday ?? '').replaceAll('-', '')
          const problem = !checkName(name)
            ? FIELD_MESSAGES.name
            : birthday && !checkBirthday(birthday, Date.now())
              ? FIELD_MESSAGES.birthday
              : null
          setFieldError(problem)
          if (!problem) actor.send({ type: 'profile.save', form: { name, birthday } })
        }}
      >
        <h2>{t('mypage.edit')}</h2>
        <FormError message={fieldError ?? error} />
        <Field
          label={t('auth.nickname')}
          name="name"
          defaultValue={account.name}
          required
          maxLength={30}
        />
        {account.birthday === null ? (
          <Field label={t('mypage.birthday')} name="birthday" type="date" defaultValue="" />
        ) : (
          <p className="mypage__fixed">
            <span>{t('mypage.birthday')}</span>{' '}
            <span data-testid="mypage-birthday">{toDateInput(account.birthday)}</span>
            <small>{t('mypage.birthdayFixed')}</small>
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('mypage.save')}
        </button>
      </form>
      <PushDevices logic={devices} />
    </section>
  )
}
