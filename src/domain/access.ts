/** Route guards of SPEC.md §2. */
export type AccessRule = 'auth' | 'auth-user' | 'auth-organizer'

export interface AccessUser {
  is_login: boolean
  is_organizer: boolean
}

export type AccessDecision =
  { allowed: true } | { allowed: false; redirectTo: '/'; reason: 'login-required' | 'forbidden' }

export function checkAccess(rule: AccessRule, user: AccessUser | null): AccessDecision {
  if (!user?.is_login) return { allowed: false, redirectTo: '/', reason: 'login-required' }
  if (rule === 'auth-organizer' && !user.is_organizer) {
    return { allowed: false, redirectTo: '/', reason: 'forbidden' }
  }
  if (rule === 'auth-user' && user.is_organizer) {
    return { allowed: false, redirectTo: '/', reason: 'forbidden' }
  }
  return { allowed: true }
}

/**
 * A page this user may not open (an auth-organizer page for a user, an auth-user page for an
 * organizer): the 403 page shows in its place, at its address. Not an error to report.
 */
export class ForbiddenPageError extends Error {
  readonly status = 403
  constructor() {
    super('this account may not open this page')
    this.name = 'ForbiddenPageError'
  }
}
