import { Link } from '@tanstack/react-router'
import type { Account } from '../../domain/api-types.ts'
import { GUARDIAN_CONSENT_PATH } from '../../domain/age-gate.ts'
import { isUnderConsentAge } from '../../domain/guardian-consent.ts'
import { useApp, useT } from '../app-context.tsx'
import { consentTime, relationshipKey } from './consent-parts.tsx'

/**
 * /mypage's row for a user under 13 (issue #28 point 4): the guardian's consent as recorded (by
 * whom, when), or the way to the page where it is given. Nothing for anyone else.
 */
export function MypageGuardian({ account }: { account: Account }) {
  const { t, locale } = useT()
  // The age as of the page's navigation (the app machine's clock reading), not a render's.
  const nowMs = useApp((s) => s.context.navigation?.nowMs ?? null)
  if (nowMs === null || !isUnderConsentAge(account.birthday, nowMs)) return null
  const consent = account.legal_representative ?? null
  return (
    <>
      <dt>{t('guardian.mypageLabel')}</dt>
      <dd data-testid="mypage-guardian">
        {account.is_legal_representative_agreed ? (
          consent ? (
            t('guardian.mypageAgreed', {
              name: consent.name,
              relationship: t(relationshipKey(consent.relationship)),
              at: consentTime(consent.agreed_at, locale),
            })
          ) : (
            t('guardian.mypageAgreedPlain')
          )
        ) : (
          <Link to={GUARDIAN_CONSENT_PATH} className="link-button">
            {t('guardian.mypageOpen')}
          </Link>
        )}
      </dd>
    </>
  )
}
