/** SPEC.md §2/§5: users under this age need a legal representative's agreement. */
export const AGE_THRESHOLD = 13

export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** The calendar date in Tokyo (UTC+9, no daylight saving) at `epochMs`. */
export function tokyoDate(epochMs: number): CalendarDate {
  const d = new Date(epochMs + 9 * 3_600_000)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** Full years between a YYYYMMDD birthday and `today`; null for an impossible birthday. */
export function ageOn(birthday: number, today: CalendarDate): number | null {
  if (!Number.isInteger(birthday)) return null
  const year = Math.floor(birthday / 10_000)
  const month = Math.floor(birthday / 100) % 100
  const day = birthday % 100
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCMonth() !== month - 1) return null
  let age = today.year - year
  if (today.month < month || (today.month === month && today.day < day)) age--
  return age < 0 ? null : age
}

/** Where a parent or guardian of a user under 13 gives their agreement (issue #28 point 4). */
export const GUARDIAN_CONSENT_PATH = '/legal_representative_agreement'

/**
 * Pages a user with no birthday, or under 13 without agreement, may still open: home, organizer
 * registration, inquiry, opinion, the static pages and the agree-new-terms pages (SPEC.md §2),
 * plus the maintenance and not-found pages and /mypage, where the birthday is set.
 */
const EXEMPT_EXACT = new Set([
  '/',
  '/terms',
  '/licence',
  '/tokusho',
  '/privacypolicy',
  '/logo_guideline',
  '/agree_new_terms',
  '/organizer/agree_new_terms',
  '/organizer/register',
  '/maintenance',
  '/404',
  // Where the birthday and the agreement are entered: gating it would lock the user out.
  '/mypage',
  GUARDIAN_CONSENT_PATH,
])
const EXEMPT_PREFIXES = ['/inquiry', '/opinion']

export function isAgeGateExempt(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
  return (
    EXEMPT_EXACT.has(clean) || EXEMPT_PREFIXES.some((p) => clean === p || clean.startsWith(`${p}/`))
  )
}

export interface AgeGateUser {
  is_login: boolean
  account_id: string
  birthday: number | null
  is_legal_representative_agreed: boolean
  is_organizer: boolean
}

/**
 * Where the age gate sends this user from `path`, or null to let them through: home to enter a
 * birthday, or, under 13 without agreement, to the page where a guardian gives it.
 */
export function ageGateRedirect(
  user: AgeGateUser | null,
  context: { path: string; nowMs: number; isWebview: boolean },
): '/' | typeof GUARDIAN_CONSENT_PATH | null {
  if (!user || !user.is_login || user.account_id === '') return null
  if (user.is_organizer || context.isWebview || isAgeGateExempt(context.path)) return null
  if (user.birthday === null) return '/'
  const age = ageOn(user.birthday, tokyoDate(context.nowMs))
  if (age === null) return '/'
  if (age < AGE_THRESHOLD && !user.is_legal_representative_agreed) return GUARDIAN_CONSENT_PATH
  return null
}
