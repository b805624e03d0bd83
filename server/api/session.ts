import { Hono } from 'hono'
import type { CsrfTokenAnswer, CurrentUserAnswer } from '../../src/contract/session.ts'
import type { AppEnv } from '../env.ts'
import { requestLocale } from '../request-locale.ts'
import { loadCurrentUser } from '../services/current-user.ts'
import { ensureSession, findSession } from '../services/sessions.ts'

/** Session area of SPEC.md §7: the CSRF token and the current user. */
export function sessionRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/csrf_token', async (c) => {
    const session = await ensureSession(c.var.db, c)
    return c.json({ csrf_token: session.csrfToken } satisfies CsrfTokenAnswer)
  })

  api.get('/current_user', async (c) => {
    const session = await findSession(c.var.db, c)
    const user = await loadCurrentUser(
      c.var.db,
      session?.userId ?? null,
      c.var.config.termsVersion,
      requestLocale(c),
    )
    return c.json(user satisfies CurrentUserAnswer)
  })

  return api
}
