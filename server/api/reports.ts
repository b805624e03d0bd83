import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody, requireUserId } from '../request.ts'
import { allowAttempt } from '../services/rate-limit.ts'
import {
  REPORT_CATEGORIES,
  REPORT_COMMENT_MAX_LENGTH,
  isReportCategory,
  reportMessages,
  storeLiveReport,
} from '../services/reports.ts'
import { charCount, existingUser, ownedRoom, setCommentBlocked } from '../services/room-social.ts'
import { bodyFlag, bodyId, text } from '../validate.ts'

const REPORT_LIMIT = { max: 10, windowMs: 60_000 }

function reportFields(body: Record<string, unknown>) {
  const categoryText = text(body, 'category_id', { max: 10, optional: true })
  const categoryId = /^\d{1,3}$/.test(categoryText) ? Number(categoryText) : 0
  if (!isReportCategory(categoryId)) throw new ApiError(400, reportMessages.category)
  const comment = text(body, 'comment', { max: 2000, optional: true }).trim()
  if (charCount(comment) > REPORT_COMMENT_MAX_LENGTH) {
    throw new ApiError(400, reportMessages.commentTooLong)
  }
  return { categoryId, comment }
}

/** Reports and the owner's comment blocks (SPEC.md §7 Reports). */
export function reportRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/live_bad_report_category_list', (c) => c.json({ categories: REPORT_CATEGORIES }))

  // One report per user per live; afterwards did_send_live_bad_report is true for that user.
  api.post('/live_report', async (c) => {
    const body = await readBody(c)
    const liveId = bodyId(body, 'live_id')
    const fields = reportFields(body)
    const userId = await requireUserId(c)
    const live = await c.var.db
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .select(['lives.id', 'rooms.owner_user_id'])
      .where('lives.id', '=', liveId)
      .executeTakeFirst()
    if (!live) throw new ApiError(404, messages.notFound)
    if (live.owner_user_id === userId) throw new ApiError(400, reportMessages.ownLive)
    const stored = await storeLiveReport(c.var.db, { liveId, userId, ...fields })
    if (!stored) {
      throw new ApiError(409, reportMessages.alreadyReported, { errorType: 'ALREADY_REPORTED' })
    }
    return c.json({ ok: 1, did_send_live_bad_report: true })
  })

  // A user in a room; the room owner can block their comments with the same call.
  api.post('/user_report', async (c) => {
    const body = await readBody(c)
    const roomId = bodyId(body, 'room_id')
    const reportedId = bodyId(body, 'user_id')
    const fields = reportFields(body)
    const placeText = text(body, 'place_id', { max: 4, optional: true })
    if (!/^\d{0,4}$/.test(placeText))
      throw new ApiError(400, `${messages.invalidParameter} (place_id)`)
    const block = bodyFlag(body, 'is_blocked_post', false)
    const userId = await requireUserId(c)
    if (reportedId === userId) throw new ApiError(400, reportMessages.self)
    const room = await c.var.db
      .selectFrom('rooms')
      .select(['id', 'owner_user_id'])
      .where('id', '=', roomId)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    await existingUser(c.var.db, reportedId)
    if (!(await allowAttempt(c.var.db, [`report:user:${userId}`], REPORT_LIMIT))) {
      throw new ApiError(429, reportMessages.tooMany, { errorType: 'RATE_LIMITED' })
    }
    // Only the owner's report blocks; anyone else's is_blocked_post is kept with the report.
    const blocks = block && room.owner_user_id === userId
    await c.var.db
      .insertInto('user_reports')
      .values({
        room_id: roomId,
        reporter_user_id: userId,
        reported_user_id: reportedId,
        category_id: fields.categoryId,
        place_id: Number(placeText || '0'),
        comment: fields.comment,
        is_blocked_post: block,
      })
      .execute()
    if (blocks) await setCommentBlocked(c.var.db, roomId, reportedId, true)
    return c.json({ ok: 1, is_blocked: blocks })
  })

  // The room owner stops (status 1) or allows again (status 0) a user's comments in the room.
  api.post('/block_post', async (c) => {
    const body = await readBody(c)
    const roomId = bodyId(body, 'room_id')
    const targetId = bodyId(body, 'user_id')
    const status = bodyFlag(body, 'status')
    const userId = await requireUserId(c)
    await ownedRoom(c.var.db, roomId, userId)
    if (targetId === userId) throw new ApiError(400, reportMessages.selfBlock)
    await existingUser(c.var.db, targetId)
    await setCommentBlocked(c.var.db, roomId, targetId, status)
    return c.json({ ok: 1, user_id: targetId, is_blocked: status })
  })

  return api
}
