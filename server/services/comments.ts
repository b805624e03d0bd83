import { sql } from 'kysely'
import { COMMENT_MESSAGES, commentProblem, type CommentEntry } from '../../src/domain/comments.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import type { CommentLogAnswer } from '../../src/contract/live.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive } from './lives.ts'
import { hit } from './rate-limit.ts'
import { recommendedComments } from './recommended-comments.ts'
import { isCommentBlocked, socialMessages } from './room-social.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { avatarUrl } from './current-user.ts'
import { badgeBoard } from './rankings/badges.ts'
import { earnMedals } from './rankings/medals.ts'
import { addToScores } from './rankings/scores.ts'
import { advanceMissions } from './missions/progress.ts'
import { commentsPosted } from './observability/metrics.ts'
import { isStaffInLive, staffOf } from './organizers/room-rights.ts'

export const COMMENT_LOG_SIZE = 100

/**
 * Stores a comment and counts it in the room's scores and the commenter's missions, together;
 * the caller pushes it only after this has committed.
 */
export async function storeComment(db: Db, liveId: number, userId: number, text: string) {
  return db.transaction().execute(async (tx) => {
    const [stored, , , achieved] = await Promise.all([
      tx
        .insertInto('comments')
        .values({ live_id: liveId, user_id: userId, comment: text })
        .returning(['created_at'])
        .executeTakeFirstOrThrow(),
      // The live's room, read in the same statement.
      addToScores(
        tx,
        sql<number>`(${tx.selectFrom('lives').select('room_id').where('id', '=', liveId)})`,
        { comments: 1 },
      ),
      earnMedals(tx, 'user', userId, ['first_comment']),
      advanceMissions(tx, { userId, action: 'comment', amount: 1, atMs: Date.now() }),
    ])
    return { created_at: stored.created_at, achieved }
  })
}

/**
 * The one path every comment takes, a viewer's or a demo bot's: stored, then pushed as the t "1"
 * frame of fixtures/showroom-api/broadcast_ws_messages.json; a navigator of the room's carries
 * Kirari's `st: 1` (the staff badge).
 */
export async function publishComment(
  db: Db,
  hub: PushHub,
  live: { live_id: number; bcsvr_key: string },
  user: { id: number; name: string; avatar_id: number },
  text: string,
): Promise<{ created_at: number; ua: number; achieved: boolean }> {
  const [stored, badges, staff] = await Promise.all([
    storeComment(db, live.live_id, user.id, text),
    badgeBoard(db),
    isStaffInLive(db, live.live_id, user.id),
  ])
  commentsPosted.inc()
  const createdAt = Math.floor(stored.created_at.getTime() / 1000)
  const ua = badges.user(user.id)
  hub.publishFrame(live.bcsvr_key, '1', {
    ua,
    av: user.avatar_id,
    d: 0,
    ac: user.name,
    cm: text,
    created_at: createdAt,
    u: user.id,
    at: 0,
    ...(staff ? { st: 1 } : {}),
  })
  return { created_at: createdAt, ua, achieved: stored.achieved }
}

/** `/api/live/comment_log` of a room: its open live's newest comments, none off air. */
export async function roomCommentLog(db: Db, roomId: number): Promise<CommentLogAnswer> {
  const live = await openLive(db, { roomId })
  return { comment_log: live ? await commentLog(db, live.live_id) : [] }
}

/** The newest comments of a live, newest first, in the shape of fixtures/showroom-api/comment_log.json. */
export async function commentLog(db: Db, liveId: number): Promise<CommentEntry[]> {
  const badges = await badgeBoard(db)
  const rows = await db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('lives', 'lives.id', 'comments.live_id')
    .innerJoin('rooms', 'rooms.id', 'lives.room_id')
    .select([
      'comments.comment',
      'comments.created_at',
      'users.id as user_id',
      'users.name',
      'users.avatar_id',
      'rooms.owner_user_id',
      'rooms.id as room_id',
    ])
    .where('comments.live_id', '=', liveId)
    .orderBy('comments.id', 'desc')
    .limit(COMMENT_LOG_SIZE)
    .execute()
  const first = rows[0]
  const staff = first
    ? await staffOf(
        db,
        first.room_id,
        rows.map((r) => r.user_id),
      )
    : new Set<number>()
  return rows.map((r) => ({
    comment: r.comment,
    name: r.name,
    user_id: r.user_id,
    avatar_id: r.avatar_id,
    avatar_url: avatarUrl(r.avatar_id),
    ua: badges.user(r.user_id),
    aft: 0,
    created_at: Math.floor(r.created_at.getTime() / 1000),
    is_liver_comment: r.user_id === r.owner_user_id,
    // Kirari: a navigator of the room's (the staff badge), as its rights stand now.
    is_staff: staff.has(r.user_id),
  }))
}

/** SHOWROOM's error code of a comment refused for want of SMS authentication. */
export const SMS_REQUIRED_CODE = 1005

/**
 * A viewer's comment, every rule in order: hidden characters out and SPEC's 50 characters
 * (domain/comments.ts, the form's rule too), SMS authentication (SHOWROOM's code 1005), a live on
 * air, a preset the room offers, not blocked by the owner, at most 5 in 10 s; then stored and
 * pushed. Answers the comment as stored.
 */
export async function postViewerComment(
  db: Db,
  hub: PushHub,
  request: { userId: number; liveId: number; text: string; recommendId: number },
): Promise<{ comment: string; ua: number; achieved: boolean }> {
  const comment = stripHidden(request.text).trim()
  const problem = commentProblem(comment)
  if (problem) throw new ApiError(400, COMMENT_MESSAGES[problem])
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'avatar_id', 'sms_auth'])
    .where('id', '=', request.userId)
    .executeTakeFirstOrThrow()
  if (!user.sms_auth) {
    throw new ApiError(403, 'コメントするにはSMS認証が必要です', {
      errorType: 'SMS_NOT_AUTHENTICATED',
      code: SMS_REQUIRED_CODE,
    })
  }
  const live = await openLive(db, { liveId: request.liveId })
  if (!live) throw new ApiError(404, socialMessages.liveEnded)
  if (request.recommendId !== 0) {
    const room = await db
      .selectFrom('rooms')
      .select('genre_id')
      .where('id', '=', live.room_id)
      .executeTakeFirstOrThrow()
    if (!recommendedComments(room.genre_id).some((r) => r.id === request.recommendId)) {
      throw new ApiError(400, `${messages.invalidParameter} (recommend_comment_id)`)
    }
  }
  if (await isCommentBlocked(db, live.room_id, user.id)) {
    throw new ApiError(403, socialMessages.commentBlocked, { errorType: 'COMMENT_BLOCKED' })
  }
  if (!(await hit(db, `comment:user:${user.id}`, COMMENT_RATE))) {
    throw new ApiError(429, 'コメントの投稿が早すぎます。少し待ってから投稿してください。', {
      errorType: 'RATE_LIMITED',
    })
  }
  const { ua, achieved } = await publishComment(db, hub, live, user, comment)
  return { comment, ua, achieved }
}

/** A viewer may comment 5 times in 10 seconds. */
const COMMENT_RATE = { max: 5, windowMs: 10_000 }
