import type { GuardianConsent } from '../../contract/guardian.ts'
import { languageTag, type Locale } from '../../domain/locale.ts'
import { useT } from '../app-context.tsx'

/** The relationships a guardian may give, as their i18n keys. */
export const RELATIONSHIPS = ['parent', 'guardian', 'other'] as const

export const relationshipKey = (value: string) =>
  (RELATIONSHIPS as readonly string[]).includes(value)
    ? `guardian.relationship.${value}`
    : 'guardian.relationship.other'

/** Unix seconds as the locale writes a date and time, in Tokyo. */
export const consentTime = (seconds: number, locale: Locale) =>
  new Intl.DateTimeFormat(languageTag(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(seconds * 1000))

/** What the guardian agrees to: shown on the form and again on the review. */
export function ConsentStatement() {
  const { t } = useT()
  return (
    <div className="guardian-consent__statement">
      <p>{t('guardian.statementLead')}</p>
      <ul>
        <li>{t('guardian.statement.use')}</li>
        <li>{t('guardian.statement.paid')}</li>
        <li>{t('guardian.statement.care')}</li>
      </ul>
    </div>
  )
}

/** The consent on record: by whom, as what, when. Also /mypage's. */
export function ConsentFacts({ consent }: { consent: GuardianConsent }) {
  const { t, locale } = useT()
  return (
    <dl className="guardian-consent__facts">
      <div>
        <dt>{t('guardian.name')}</dt>
        <dd>{consent.guardian_name}</dd>
      </div>
      <div>
        <dt>{t('guardian.relationshipLabel')}</dt>
        <dd>{t(relationshipKey(consent.relationship))}</dd>
      </div>
      <div>
        <dt>{t('guardian.agreedAt')}</dt>
        <dd>{consentTime(consent.agreed_at, locale)}</dd>
      </div>
    </dl>
  )
}
