import type { CommentEntry } from '../../src/domain/comments.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { avatarUrl } from './current-user.ts'

export const COMMENT_LOG_SIZE = 100

/** The open live of a room, with the key its viewers follow on the push socket. */
export async function openLive(db: Db, where: { roomId?: number; liveId?: number }) {
  let q = db
    .selectFrom('lives')
    .innerJoin('rooms', 'rooms.id', 'lives.room_id')
    .select([
      'lives.id as live_id',
      'lives.room_id',
      'lives.bcsvr_key',
      'lives.started_at',
      'lives.telop',
      'lives.source',
      'lives.ingest_name',
      'lives.owner_key',
      'rooms.owner_user_id',
    ])
    .where('lives.ended_at', 'is', null)
  if (where.roomId !== undefined) q = q.where('lives.room_id', '=', where.roomId)
  if (where.liveId !== undefined) q = q.where('lives.id', '=', where.liveId)
  return q.executeTakeFirst()
}

/** Stores a comment; the caller pushes it only after this has committed. */
export async function storeComment(db: Db, liveId: number, userId: number, text: string) {
  return db
    .insertInto('comments')
    .values({ live_id: liveId, user_id: userId, comment: text })
    .returning(['created_at'])
    .executeTakeFirstOrThrow()
}

/**
 * The one path every comment takes, a viewer's or a demo bot's: stored, then pushed as the t "1"
 * frame of fixtures/showroom-api/broadcast_ws_messages.json.
 */
export async function publishComment(
  db: Db,
  hub: PushHub,
  live: { live_id: number; bcsvr_key: string },
  user: { id: number; name: string; avatar_id: number },
  text: string,
): Promise<{ created_at: number }> {
  const stored = await storeComment(db, live.live_id, user.id, text)
  const createdAt = Math.floor(stored.created_at.getTime() / 1000)
  hub.publishFrame(live.bcsvr_key, '1', {
    ua: 0,
    av: user.avatar_id,
    d: 0,
    ac: user.name,
    cm: text,
    created_at: createdAt,
    u: user.id,
    at: 0,
  })
  return { created_at: createdAt }
}

/** The newest comments of a live, newest first, in the shape of fixtures/showroom-api/comment_log.json. */
export async function commentLog(db: Db, liveId: number): Promise<CommentEntry[]> {
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
    ])
    .where('comments.live_id', '=', liveId)
    .orderBy('comments.id', 'desc')
    .limit(COMMENT_LOG_SIZE)
    .execute()
  return rows.map((r) => ({
    comment: r.comment,
    name: r.name,
    user_id: r.user_id,
    avatar_id: r.avatar_id,
    avatar_url: avatarUrl(r.avatar_id),
    ua: 0,
    aft: 0,
    created_at: Math.floor(r.created_at.getTime() / 1000),
    is_liver_comment: r.user_id === r.owner_user_id,
  }))
}
