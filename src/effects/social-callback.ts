import type { AuthEvent } from '../auth-port.ts'
import { SOCIAL_RESULTS, type SocialResult } from '../domain/social.ts'

/** What a provider's callback left in the address: `/?social=twitter&result=…&message=…`. */
export interface SocialCallback {
  provider: 'twitter' | 'facebook'
  result: SocialResult
  message: string | null
}

export function readSocialCallback(search: string): SocialCallback | null {
  const query = new URLSearchParams(search)
  const provider = query.get('social')
  const result = query.get('result')
  if (provider !== 'twitter' && provider !== 'facebook') return null
  if (!(SOCIAL_RESULTS as readonly (string | null)[]).includes(result)) return null
  return { provider, result: result as SocialResult, message: query.get('message') }
}

/** The address without the callback's fields, so a reload does not replay it. */
export function withoutSocialCallback(href: string): string {
  const url = new URL(href)
  for (const key of ['social', 'result', 'message']) url.searchParams.delete(key)
  return url.pathname + url.search + url.hash
}

/**
 * The auth machine's event for a callback (SPEC.md §4): no_user opens the login modal, a login
 * reloads, a failure shows the system error, an X link sets twitter_auth, and `register` opens
 * the modal that asks for an account_id (`POST /social/{provider}/sign_up`).
 */
export function socialCallbackEvent(callback: SocialCallback): AuthEvent {
  switch (callback.result) {
    case 'no_user':
      return { type: 'social.callback', noUser: true, error: null }
    case 'error':
      return { type: 'social.callback', noUser: false, error: callback.message ?? 'error' }
    case 'done':
      return { type: 'social.callback', noUser: false, error: null }
    case 'linked':
      return callback.provider === 'twitter'
        ? { type: 'twitter.linked', ok: true }
        : { type: 'social.callback', noUser: false, error: null }
    case 'register':
      return { type: 'socialSignup.open', provider: callback.provider }
  }
}
