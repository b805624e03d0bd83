/**
 * `post_tweet` with a token that lasts (issue #28): X access tokens expire after about two
 * hours, so an expired one (or one X answers 401 to) is refreshed once with the stored refresh
 * token (`offline.access`), the new access token, expiry and rotated refresh token are stored in
 * one update, and the tweet is posted again. A refused refresh leaves the stored tokens as they
 * were (the user links X again for a new grant); tokens are never logged.
 */
import type { SocialProviderConfig } from '../config-social.ts'
import type { Db } from '../db/index.ts'
import type { SocialTables } from '../db/schema-social.ts'
import { openToken, postTweet, refreshTokens, sealToken } from './social-oauth.ts'

/** A token this close to its expiry is refreshed before use. */
const MARGIN_MS = 30_000

const social = (db: Db) => db.withTables<SocialTables>()

/** A fresh access token from the stored refresh token, stored; null when that fails. */
async function refreshed(
  db: Db,
  config: SocialProviderConfig,
  userId: number,
  sealedRefresh: string | null,
): Promise<string | null> {
  const refreshToken = sealedRefresh ? openToken(config, sealedRefresh) : null
  if (!refreshToken) return null
  try {
    const tokens = await refreshTokens(config, refreshToken)
    await social(db)
      .updateTable('social_identities')
      .set({
        access_token: sealToken(config, tokens.accessToken),
        refresh_token: tokens.refreshToken ? sealToken(config, tokens.refreshToken) : null,
        access_expires_at: tokens.expiresAt,
      })
      .where('user_id', '=', userId)
      .where('provider', '=', 'twitter')
      .execute()
    return tokens.accessToken
  } catch {
    return null
  }
}

/** Posts `text` as the user's linked X account; false when it cannot be done. */
export async function tweetAsUser(
  db: Db,
  config: SocialProviderConfig,
  userId: number,
  text: string,
): Promise<boolean> {
  const row = await social(db)
    .selectFrom('social_identities')
    .select(['access_token', 'refresh_token', 'access_expires_at'])
    .where('user_id', '=', userId)
    .where('provider', '=', 'twitter')
    .executeTakeFirst()
  if (!row) return false
  const expired =
    row.access_expires_at !== null && row.access_expires_at.getTime() - MARGIN_MS <= Date.now()
  let token = row.access_token && !expired ? openToken(config, row.access_token) : null
  if (token) {
    const result = await postTweet(config, token, text)
    if (result !== 'unauthorized') return result === 'ok'
  }
  // Expired, unreadable or refused with a 401: one refresh, one more try.
  token = await refreshed(db, config, userId, row.refresh_token)
  if (!token) return false
  return (await postTweet(config, token, text)) === 'ok'
}
