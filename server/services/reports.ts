import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { allowAttempt } from './rate-limit.ts'
import { mayUse, requireRoomRight } from './organizers/room-rights.ts'
import { charCount, existingUser, setCommentBlocked } from './room-social.ts'

const REPORT_LIMIT = { max: 10, windowMs: 60_000 }

/** `/api/bad_report/live_bad_report_category_list`: the reasons a viewer can pick. */
export const REPORT_CATEGORIES = [
  { id: 1, label: '不適切な内容' },
  { id: 2, label: '著作権侵害' },
  { id: 3, label: '暴力的な表現' },
  { id: 4, label: 'スパム・宣伝' },
  { id: 5, label: '誹謗中傷・嫌がらせ' },
  { id: 99, label: 'その他' },
] as const

export const REPORT_COMMENT_MAX_LENGTH = 200

export const reportMessages = {
  category: '通報の理由を選択してください',
  commentTooLong: `通報内容は${REPORT_COMMENT_MAX_LENGTH}文字以内で入力してください`,
  alreadyReported: 'この配信はすでに通報済みです',
  ownLive: 'ご自身の配信は通報できません',
  self: 'ご自身を通報することはできません',
  selfBlock: 'ご自身をブロックすることはできません',
  ownerBlock: 'ルームのオーナーはブロックできません',
  tooMany: '通報の回数が多すぎます。しばらくしてから再度お試しください。',
} as const

export function isReportCategory(id: number): boolean {
  return REPORT_CATEGORIES.some((c) => c.id === id)
}

/** Stores a live report; false when this user has already reported this live (one each). */
export async function storeLiveReport(
  db: Db,
  report: { liveId: number; userId: number; categoryId: number; comment: string },
): Promise<boolean> {
  const row = await db
    .insertInto('live_reports')
    .values({
      live_id: report.liveId,
      user_id: report.userId,
      category_id: report.categoryId,
      comment: report.comment,
    })
    .onConflict((oc) => oc.columns(['live_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** A report's reason and words as sent: a listed category, a comment of at most 200 characters. */
export function reportFields(input: { category: string; comment: string }) {
  const categoryId = /^\d{1,3}$/.test(input.category) ? Number(input.category) : 0
  if (!isReportCategory(categoryId)) throw new ApiError(400, reportMessages.category)
  const comment = input.comment.trim()
  if (charCount(comment) > REPORT_COMMENT_MAX_LENGTH) {
    throw new ApiError(400, reportMessages.commentTooLong)
  }
  return { categoryId, comment }
}

/**
 * `POST /api/bad_report/live_report`: one report per user per live (409 ALREADY_REPORTED after
 * it; did_send_live_bad_report is then true for that user). Nobody reports their own live.
 */
export async function reportLive(
  db: Db,
  report: { liveId: number; userId: number; categoryId: number; comment: string },
): Promise<void> {
  const live = await db
    .selectFrom('lives')
    .innerJoin('rooms', 'rooms.id', 'lives.room_id')
    .select(['lives.id', 'rooms.owner_user_id'])
    .where('lives.id', '=', report.liveId)
    .executeTakeFirst()
  if (!live) throw new ApiError(404, messages.notFound)
  if (live.owner_user_id === report.userId) throw new ApiError(400, reportMessages.ownLive)
  if (!(await storeLiveReport(db, report))) {
    throw new ApiError(409, reportMessages.alreadyReported, { errorType: 'ALREADY_REPORTED' })
  }
}

/**
 * `POST /api/bad_report/user_report`: a user in a room, ten reports a minute per reporter. Only
 * the room owner's report (or a navigator's with `moderate`) blocks (with is_blocked_post), never
 * the owner; anyone else's flag is kept with the report. The report and the block are stored
 * together. Answers whether the user is blocked now.
 */
export async function reportUser(
  db: Db,
  report: {
    roomId: number
    reporterId: number
    reportedId: number
    categoryId: number
    comment: string
    placeId: number
    block: boolean
  },
): Promise<boolean> {
  if (report.reportedId === report.reporterId) throw new ApiError(400, reportMessages.self)
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'owner_user_id'])
    .where('id', '=', report.roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  await existingUser(db, report.reportedId)
  if (!(await allowAttempt(db, [`report:user:${report.reporterId}`], REPORT_LIMIT))) {
    throw new ApiError(429, reportMessages.tooMany, { errorType: 'RATE_LIMITED' })
  }
  const blocks =
    report.block &&
    room.owner_user_id !== report.reportedId &&
    (await mayUse(db, report.reporterId, room, 'moderate'))
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('user_reports')
      .values({
        room_id: report.roomId,
        reporter_user_id: report.reporterId,
        reported_user_id: report.reportedId,
        category_id: report.categoryId,
        place_id: report.placeId,
        comment: report.comment,
        is_blocked_post: report.block,
      })
      .execute()
    if (blocks) await setCommentBlocked(tx, report.roomId, report.reportedId, true)
  })
  return blocks
}

/**
 * `POST /api/bad_report/block_post`: the room owner (or a navigator with `moderate`) stops or
 * allows again a user's comments in the room; nobody blocks themselves or the owner.
 */
export async function blockPost(
  db: Db,
  request: { roomId: number; ownerId: number; targetId: number; blocked: boolean },
): Promise<void> {
  const room = await requireRoomRight(db, request.ownerId, request.roomId, 'moderate')
  if (request.targetId === request.ownerId) throw new ApiError(400, reportMessages.selfBlock)
  if (request.targetId === room.owner_user_id) throw new ApiError(400, reportMessages.ownerBlock)
  await existingUser(db, request.targetId)
  await setCommentBlocked(db, request.roomId, request.targetId, request.blocked)
}
