/**
 * Social login's records (issue #28, migration 036): the authorization in progress (`state`,
 * one use, bound to its session), the provider identities linked to accounts, and the sign-up
 * waiting for an account_id. The OAuth calls themselves are in social-oauth.ts.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { FIELD_MESSAGES, checkAccountId, checkName } from '../../src/domain/account-rules.ts'
import type { SocialProvider } from '../config-social.ts'
import type { Db } from '../db/index.ts'
import type { SocialTables } from '../db/schema-social.ts'
import { ApiError, messages } from '../errors.ts'
import { createAccount } from './accounts.ts'
import { FACEBOOK_MESSAGES as facebookMessages } from '../../src/contract/social.ts'

export type SocialPurpose = 'login' | 'register' | 'link'

const STATE_MS = 10 * 60_000
const SIGNUP_MS = 30 * 60_000

export { facebookMessages }
export const TWEET_FAILED = 'ツイートに失敗しました'

const social = (db: Db) => db.withTables<SocialTables>()

function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A new authorization for this session: its `state` and PKCE verifier. */
export async function beginAuthorization(
  db: Db,
  sessionId: string,
  provider: SocialProvider,
  purpose: SocialPurpose,
): Promise<{ state: string; codeVerifier: string }> {
  const sdb = social(db)
  await sdb.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute()
  const state = randomToken()
  const codeVerifier = randomToken()
  await sdb
    .insertInto('oauth_states')
    .values({
      state,
      session_id: sessionId,
      provider,
      purpose,
      code_verifier: codeVerifier,
      expires_at: new Date(Date.now() + STATE_MS),
    })
    .execute()
  return { state, codeVerifier }
}

/**
 * The authorization `state` names, used up: null when it is unknown, already used, expired, for
 * another provider or started by another session.
 */
export async function takeAuthorization(
  db: Db,
  state: string,
  sessionId: string | null,
  provider: SocialProvider,
): Promise<{ purpose: SocialPurpose; codeVerifier: string } | null> {
  if (!/^[\w-]{20,100}$/.test(state)) return null
  const row = await social(db)
    .deleteFrom('oauth_states')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst()
  if (!row || row.session_id !== sessionId || row.provider !== provider) return null
  if (row.expires_at.getTime() < Date.now()) return null
  return { purpose: row.purpose, codeVerifier: row.code_verifier }
}

export interface ProviderIdentity {
  subject: string
  name: string
  /** Sealed (social-oauth.ts sealToken). */
  sealedToken: string
  /** Sealed too; null (or absent) when the provider gave none (migration 038). */
  sealedRefresh?: string | null
  accessExpiresAt?: Date | null
}

const tokenColumns = (identity: ProviderIdentity) => ({
  access_token: identity.sealedToken,
  refresh_token: identity.sealedRefresh ?? null,
  access_expires_at: identity.accessExpiresAt ?? null,
})

/** What the callback ends in; the route turns it into a redirect into the app. */
export type CallbackOutcome =
  | { result: 'done'; userId: number }
  | { result: 'no_user' }
  | { result: 'register' }
  | { result: 'linked' }
  | { result: 'error'; message: string }

async function linkedUser(db: Db, provider: SocialProvider, identity: ProviderIdentity) {
  const row = await social(db)
    .updateTable('social_identities')
    .set({ ...tokenColumns(identity), name: identity.name })
    .where('provider', '=', provider)
    .where('subject', '=', identity.subject)
    .returning('user_id')
    .executeTakeFirst()
  return row?.user_id ?? null
}

async function link(db: Db, userId: number, provider: SocialProvider, identity: ProviderIdentity) {
  await db.transaction().execute(async (trx) => {
    const sdb = social(trx)
    await sdb
      .deleteFrom('social_identities')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .execute()
    await sdb
      .insertInto('social_identities')
      .values({
        provider,
        subject: identity.subject,
        user_id: userId,
        name: identity.name,
        ...tokenColumns(identity),
      })
      .execute()
    const column = provider === 'twitter' ? 'twitter_auth' : 'facebook_auth'
    await trx
      .updateTable('users')
      .set({ [column]: true })
      .where('id', '=', userId)
      .execute()
  })
}

/** The provider said who the visitor is: log in, keep a pending sign-up, or link. */
export async function completeAuthorization(
  db: Db,
  session: { id: string; userId: number | null },
  provider: SocialProvider,
  purpose: SocialPurpose,
  identity: ProviderIdentity,
): Promise<CallbackOutcome> {
  const owner = await linkedUser(db, provider, identity)
  if (purpose === 'link') {
    if (session.userId === null)
      return { result: 'error', message: failureMessage(provider, purpose) }
    if (owner !== null && owner !== session.userId) {
      return { result: 'error', message: failureMessage(provider, purpose) }
    }
    await link(db, session.userId, provider, identity)
    return { result: 'linked' }
  }
  if (owner !== null) return { result: 'done', userId: owner }
  if (purpose === 'login') return { result: 'no_user' }
  const values = {
    subject: identity.subject,
    name: identity.name,
    ...tokenColumns(identity),
    expires_at: new Date(Date.now() + SIGNUP_MS),
  }
  await social(db)
    .insertInto('social_signups')
    .values({ session_id: session.id, provider, ...values })
    .onConflict((oc) => oc.columns(['session_id', 'provider']).doUpdateSet(values))
    .execute()
  return { result: 'register' }
}

/** SPEC.md §8: Facebook's own messages; X's callback failures say the system error. */
export function failureMessage(provider: SocialProvider, purpose: SocialPurpose): string {
  if (provider === 'twitter') return messages.system
  if (purpose === 'link') return facebookMessages.connect
  return purpose === 'login' ? facebookMessages.login : facebookMessages.register
}

/** The pending sign-up of this session, if any (for `is_auth_done`). */
export async function pendingSignup(db: Db, sessionId: string, provider: SocialProvider) {
  return social(db)
    .selectFrom('social_signups')
    .select(['name'])
    .where('session_id', '=', sessionId)
    .where('provider', '=', provider)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
}

/**
 * `POST /social/{provider}/sign_up` with an account_id: the account for the pending identity,
 * linked to it. It has no password (a random one): the user logs in with the provider.
 */
export async function finishSignup(
  db: Db,
  sessionId: string,
  provider: SocialProvider,
  accountId: string,
  name: string | undefined,
): Promise<number> {
  if (!checkAccountId(accountId)) {
    throw new ApiError(400, FIELD_MESSAGES.account_id, { errorType: 'INVALID_ACCOUNT_ID' })
  }
  const pending = await social(db)
    .selectFrom('social_signups')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('provider', '=', provider)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  if (!pending) throw new ApiError(400, failureMessage(provider, 'register'))
  const chosen = [name, pending.name, accountId].find((n) => n !== undefined && checkName(n))
  const userId = await createAccount(db, {
    accountId,
    password: randomToken(),
    name: chosen ?? accountId,
    avatarId: randomInt(8),
  })
  await social(db)
    .deleteFrom('social_signups')
    .where('session_id', '=', sessionId)
    .where('provider', '=', provider)
    .execute()
  await link(db, userId, provider, {
    subject: pending.subject,
    name: pending.name,
    sealedToken: pending.access_token ?? '',
    sealedRefresh: pending.refresh_token,
    accessExpiresAt: pending.access_expires_at,
  })
  return userId
}

/** The sealed token of the user's linked account at the provider, if any. */
export async function storedToken(db: Db, userId: number, provider: SocialProvider) {
  const row = await social(db)
    .selectFrom('social_identities')
    .select('access_token')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst()
  return row?.access_token ?? null
}

/** For the purge job: authorizations and pending sign-ups past their time. */
export async function purgeSocial(db: Db, now: Date): Promise<number> {
  const sdb = social(db)
  const states = await sdb
    .deleteFrom('oauth_states')
    .where('expires_at', '<', now)
    .executeTakeFirst()
  const signups = await sdb
    .deleteFrom('social_signups')
    .where('expires_at', '<', now)
    .executeTakeFirst()
  return Number(states.numDeletedRows) + Number(signups.numDeletedRows)
}
