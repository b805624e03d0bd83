import { Fragment } from 'react'
import type { Account } from '../../domain/api-types.ts'
import { useApp, useT } from '../app-context.tsx'

const PROVIDERS = [
  { id: 'twitter', label: 'mypage.socialTwitter', linked: (a: Account) => a.twitter_auth },
  { id: 'facebook', label: 'mypage.socialFacebook', linked: (a: Account) => a.facebook_auth },
] as const

/**
 * /mypage's rows for the social logins this site has (issue #28): linked, or a link that starts
 * linking (the provider's page, then back; the login modal says how it went).
 */
export function MypageSocial({ account }: { account: Account }) {
  const { t } = useT()
  const configured = useApp((s) => s.context.settings.social_providers)
  return PROVIDERS.filter((p) => configured.includes(p.id)).map((p) => (
    <Fragment key={p.id}>
      <dt>{t(p.label)}</dt>
      <dd data-testid={`mypage-social-${p.id}`}>
        {p.linked(account) ? (
          t('mypage.socialLinked')
        ) : (
          // A page of the server's (it redirects to the provider): a full navigation.
          <a className="link-button" href={`/social/${p.id}/sign_up?type=link`}>
            {t('mypage.socialLink')}
          </a>
        )}
      </dd>
    </Fragment>
  ))
}
