import { isAgeGateExempt } from './age-gate.ts'

/**
 * The version of the terms the site ships (i18n `static.terms`): the Tokyo date they took effect.
 * A release with new terms changes it (or the operator's TERMS_VERSION does); every account made
 * before that date is then asked to agree once (issue #21, SPEC.md §2's agree_new_terms pages).
 */
export const BUNDLED_TERMS_VERSION = '2026-11-22'

/** A terms version: the Tokyo date (YYYY-MM-DD) the terms took effect. */
export function isTermsVersion(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1
}

/** The instant a version took effect: midnight of its date in Tokyo (UTC+9). */
export function termsEffectiveMs(version: string): number {
  return Date.parse(`${version}T00:00:00+09:00`)
}

/**
 * Whether an account must agree to the terms of `version` before going on: it has not agreed to
 * them, and it was made before they took effect (signing up after is agreeing to them).
 */
export function mustAgreeToTerms(
  account: { agreedVersion: string | null; createdAtMs: number },
  version: string,
): boolean {
  return account.agreedVersion !== version && account.createdAtMs < termsEffectiveMs(version)
}

export const USER_TERMS_PATH = '/agree_new_terms'
export const ORGANIZER_TERMS_PATH = '/organizer/agree_new_terms'

export interface TermsGateUser {
  is_login: boolean
  account_id: string
  is_organizer: boolean
  need_agree_new_terms: boolean
}

/**
 * Where a logged-in account that has not agreed to new terms is sent from `path` (SPEC.md §2:
 * the user's or the organizer's agree_new_terms page), or null. The age gate's allow-list (home,
 * organizer registration, inquiry, opinion, static pages, the agree pages) stays open.
 */
export function newTermsRedirect(
  user: TermsGateUser | null,
  context: { path: string; isWebview: boolean },
): string | null {
  if (!user || !user.is_login || user.account_id === '' || !user.need_agree_new_terms) return null
  if (context.isWebview || isAgeGateExempt(context.path)) return null
  return user.is_organizer ? ORGANIZER_TERMS_PATH : USER_TERMS_PATH
}
