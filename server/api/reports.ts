import { Hono } from 'hono'
import {
  BlockPostBody,
  LiveReportBody,
  UserReportBody,
  type BlockPostAnswer,
  type LiveReportAnswer,
  type ReportCategoriesAnswer,
  type UserReportAnswer,
} from '../../src/contract/reports.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import {
  REPORT_CATEGORIES,
  blockPost,
  reportFields,
  reportLive,
  reportUser,
} from '../services/reports.ts'
import { input } from '../validate.ts'

/** Reports and the owner's comment blocks (SPEC.md §7 Reports). */
export function reportRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/live_bad_report_category_list', (c) =>
    c.json({ categories: [...REPORT_CATEGORIES] } satisfies ReportCategoriesAnswer),
  )

  api.post('/live_report', async (c) => {
    const body = await input(c, LiveReportBody)
    const fields = reportFields({ category: body.category_id, comment: body.comment })
    const userId = await requireUserId(c)
    await reportLive(c.var.db, { liveId: body.live_id, userId, ...fields })
    return c.json({ ok: 1, did_send_live_bad_report: true } satisfies LiveReportAnswer)
  })

  // A user in a room; the room owner can block their comments with the same call.
  api.post('/user_report', async (c) => {
    const body = await input(c, UserReportBody)
    const fields = reportFields({ category: body.category_id, comment: body.comment })
    const userId = await requireUserId(c)
    const blocked = await reportUser(c.var.db, {
      roomId: body.room_id,
      reporterId: userId,
      reportedId: body.user_id,
      ...fields,
      placeId: body.place_id,
      block: body.is_blocked_post,
    })
    return c.json({ ok: 1, is_blocked: blocked } satisfies UserReportAnswer)
  })

  // The room owner stops (status 1) or allows again (status 0) a user's comments in the room.
  api.post('/block_post', async (c) => {
    const body = await input(c, BlockPostBody)
    const userId = await requireUserId(c)
    await blockPost(c.var.db, {
      roomId: body.room_id,
      ownerId: userId,
      targetId: body.user_id,
      blocked: body.status,
    })
    return c.json({
      ok: 1,
      user_id: body.user_id,
      is_blocked: body.status,
    } satisfies BlockPostAnswer)
  })

  return api
}
