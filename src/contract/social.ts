import * as v from 'valibot'
import { OptionalText, Text } from './common.ts'

/**
 * `POST /social/{twitter|facebook}/sign_up` (SPEC.md §3): the account_id chosen for the identity
 * the provider returned (kept by the server since the callback), or, Facebook's way, with the
 * `user_access_token` its SDK gave; `name` defaults to the provider's.
 */
export const SocialSignUpBody = v.object({
  account_id: Text(64),
  name: OptionalText(64),
  user_access_token: OptionalText(4096),
})
export type SocialSignUpBody = v.InferInput<typeof SocialSignUpBody>

/** `POST /social/facebook/login` and `/connect` (SPEC.md §7): the SDK's user access token. */
export const SocialTokenBody = v.object({ user_access_token: Text(4096) })
export type SocialTokenBody = v.InferInput<typeof SocialTokenBody>

/** `POST /social/twitter/post_tweet` (SPEC.md §7): a live's share text. */
export const PostTweetBody = v.object({ live_id: OptionalText(20), twitter_text: Text(560) })
export type PostTweetBody = v.InferInput<typeof PostTweetBody>

/** `GET /social/{provider}/is_auth_done` (SPEC.md §7): `error` when nothing is linked or pending. */
export interface SocialAuthDoneAnswer {
  is_auth_done: boolean
  /** An identity waits for an account_id (the sign-up modal asks for one). */
  pending_signup: boolean
  name?: string
  error?: string
}

/** How a provider's callback ends, read by the app from `/?social={provider}&result=…`. */
/** SPEC.md §8: what a failed Facebook step says (X's failures say the system error). */
export const FACEBOOK_MESSAGES = {
  connect: 'Facebook接続に失敗しました',
  login: 'Facebookログインに失敗しました',
  register: 'Facebook登録に失敗しました',
} as const

/**
 * A callback's failure message the app may show: one of §8's own. The address can be written by
 * anyone, so any other text is never shown (the system error is).
 */
export function shownSocialFailure(message: string | null): string | null {
  return message !== null && (Object.values(FACEBOOK_MESSAGES) as string[]).includes(message)
    ? message
    : null
}

export { SOCIAL_RESULTS, type SocialResult } from '../domain/social.ts'
