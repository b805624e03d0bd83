import { Outlet, redirect } from '@tanstack/react-router'
import { ForbiddenPageError, checkAccess, type AccessRule } from '../domain/access.ts'
import type { RouterContext } from '../router-context.ts'

/**
 * `beforeLoad` for guarded routes (SPEC.md §2: auth, auth-user, auth-organizer). The root route
 * has already loaded the current user; a visitor who may not enter goes to '/', and an anonymous
 * one is asked to log in there.
 */
export function requireAccess(rule: AccessRule) {
  return ({ context }: { context: Pick<RouterContext, 'app'> }) => {
    const decision = checkAccess(rule, context.app.getSnapshot().context.user)
    if (decision.allowed) return
    // Logged in, but not this kind of account: the 403 page, in the page's place.
    if (decision.reason === 'forbidden') throw new ForbiddenPageError()
    context.app.send({ type: 'auth.required', reason: decision.reason })
    // TanStack Router signals redirects by throwing them.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect({ to: decision.redirectTo, replace: true })
  }
}

/**
 * The pathless `_user` layouts (`src/routes/_user.tsx`, `src/routes/povo_ec/_user.tsx`): every
 * page under one needs a user login (SPEC.md §2 auth-user), checked once there.
 */
export function userOnly() {
  // A fresh object each time: the router keeps (and updates) the options object it is given.
  return { beforeLoad: requireAccess('auth-user'), component: Outlet }
}
