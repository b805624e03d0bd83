import { Hono } from 'hono'
import * as v from 'valibot'
import {
  NoticeListQuery,
  NoticeParam,
  type NoticeAnswer,
  type NoticeListAnswer,
} from '../../src/contract/notice.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { requireUserId } from '../request.ts'
import { listNotices, readNotice } from '../services/notices/notices.ts'
import { query } from '../validate.ts'

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
    const parsed = v.safeParse(NoticeParam, { id: c.req.param('id') })
    if (!parsed.success) throw new ApiError(404, messages.notFound)
    const notice = await readNotice(c.var.db, userId, parsed.output.id)
    return c.json({ notice } satisfies NoticeAnswer)
  })

  return api
}
