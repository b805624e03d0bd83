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
