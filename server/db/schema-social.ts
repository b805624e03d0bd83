import type { Generated } from 'kysely'

/**
 * Social login's tables (migration 036, issue #28). Kept out of `DB`: the services that use them
 * widen their handle with `db.withTables<SocialTables>()` (services/social-login.ts).
 */
export type SocialTables = {
  social_identities: SocialIdentityTable
  oauth_states: OAuthStateTable
  social_signups: SocialSignupTable
}

export type SocialIdentityTable = {
  provider: string
  subject: string
  user_id: number
  name: Generated<string>
  /** Encrypted (services/social-tokens.ts); never logged nor answered. */
  access_token: string | null
  /** Sealed like access_token (migration 038); null when the provider gave none. */
  refresh_token: Generated<string | null>
  access_expires_at: Generated<Date | null>
  created_at: Generated<Date>
}

export type OAuthStateTable = {
  state: string
  session_id: string
  provider: string
  purpose: 'login' | 'register' | 'link'
  code_verifier: string
  expires_at: Date
}

export type SocialSignupTable = {
  session_id: string
  provider: string
  subject: string
  name: Generated<string>
  access_token: string | null
  refresh_token: Generated<string | null>
  access_expires_at: Generated<Date | null>
  expires_at: Date
}
