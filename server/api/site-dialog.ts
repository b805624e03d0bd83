import { Hono } from 'hono'
import {
  DialogQuery,
  SiteDialogSeenBody,
  type SiteDialogAnswer,
} from '../../src/contract/site-dialog.ts'
import { splitLocalePath } from '../../src/domain/locale.ts'
import type { AppEnv } from '../env.ts'
import { requestLocale } from '../request-locale.ts'
import { sessionUserId } from '../request.ts'
import { dialogFor, markSeen } from '../services/site-dialogs/dialogs.ts'
import { input, query } from '../validate.ts'

/**
 * `/api/dialog` (issue #22): the newest open dialog for a page the caller has not closed (GET),
 * and `/api/dialog/seen` (POST) recording a logged-in user's close; an anonymous caller's close
 * is kept by the app for its tab session, so here it answers ok and records nothing.
 */
export function siteDialogRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/dialog', async (c) => {
    const q = query(c, DialogQuery)
    const { locale: pathLocale, path } = splitLocalePath(q.path)
    const answer: SiteDialogAnswer = await dialogFor(c.var.db, {
      path,
      locale: q.lang ?? pathLocale ?? requestLocale(c),
      userId: await sessionUserId(c),
      now: new Date(),
    })
    return c.json(answer)
  })
  api.post('/dialog/seen', async (c) => {
    const body = await input(c, SiteDialogSeenBody)
    const userId = await sessionUserId(c)
    if (userId !== null) await markSeen(c.var.db, userId, body.dialog_id)
    return c.json({ ok: true })
  })
  return api
}
