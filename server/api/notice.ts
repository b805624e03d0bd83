import { Hono } from 'hono'
import {
  NoticeListQuery,
  NoticeParam,
  type NoticeAnswer,
  type NoticeListAnswer,
} from '../../src/contract/notice.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { listNotices, readNotice } from '../services/notices/notices.ts'
import { pathOr404, query } from '../validate.ts'

/** The user's notices (issue #20): `/api/notice` and `/api/notice/{id}` (read on opening). */
export function noticeRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/notice', async (c) => {
    const userId = await requireUserId(c)
    const { page } = query(c, NoticeListQuery)
    return c.json((await listNotices(c.var.db, userId, page)) satisfies NoticeListAnswer)
  })

  api.get('/notice/:id', async (c) => {
    const userId = await requireUserId(c)
    const { id } = pathOr404(NoticeParam, c.req.param())
    const notice = await readNotice(c.var.db, userId, id)
    return c.json({ notice } satisfies NoticeAnswer)
  })

  return api
}
