import { sql } from 'kysely'
import { advanceMissions, advanceMissionsOver } from './missions/progress.ts'
import { queueLiveNotices } from './notices/fanout.ts'
import { earnLiveStartMedals } from './rankings/medals.ts'
import { drawLiveBackground } from './room-backgrounds.ts'
import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { AppEnv } from '../env.ts'
import { clientCountry } from '../caller.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { newBroadcastKey } from '../db/seed.ts'
import { ApiError } from '../errors.ts'
import { addAirtime } from './rankings/scores.ts'
import { ageOn, tokyoDate } from '../../src/domain/age-gate.ts'
import {
  REGULATION,
  isStreamingAllowed,
  type RegulationStatus,
  type StreamerFlags,
} from '../../src/domain/regulation.ts'

/** A live that ended this recently may be continued by a restart (SPEC §9 live-mode 30000 ms). */
export const RESTART_WINDOW_MS = 30_000
/** SPEC §9: the error type of a restart after the window. */
export const TIME_TO_RESTART_EXCEEDED = 'TIME_TO_RESTART_EXCEEDED'
/**
 * The push key only the room's owner is told (room status): logs for the owner's eyes (who
 * followed) go there, never on the public key every viewer follows.
 */
export const ownerPushKey = (live: { owner_key: string }) => `owner:${live.owner_key}`

export const liveMessages = {
  alreadyLive: 'すでに配信中です。',
  notLive: '配信していません。',
  restartExceeded: '再開できる時間を過ぎました。新しい配信を開始してください。',
  regulated: (until: number) =>
    `18歳未満の方が配信できる時間外です（配信できるのは5時から${until}時までです）。`,
} as const

/**
 * The caller's country is known only from COUNTRY_HEADER set by a trusted proxy or CDN (never a
 * header the client sent itself); without one it counts as Japan.
 */
export function isAbroad(c: Context<AppEnv>): boolean {
  const country = clientCountry(c)
  return country !== undefined && /^[A-Z]{2}$/.test(country) && country !== 'JP'
}

/** Age flags of a user at `nowMs` (Tokyo calendar); no birthday counts as an adult. */
export function ageFlags(birthday: number | null, nowMs: number) {
  const age = birthday === null ? null : ageOn(birthday, tokyoDate(nowMs))
  return { isUnder16: age !== null && age < 16, isUnder18: age !== null && age < 18 }
}

/**
 * SPEC §4 under-18 regulation of a room: 2 limited when its owner is a minor or the owner marked
 * it, 1 no limit when such a room streams from abroad, 0 none otherwise. With the flags its
 * streaming window follows from.
 */
export async function roomRegulation(
  db: Db,
  roomId: number,
  options: { abroad: boolean; nowMs: number },
): Promise<{ status: RegulationStatus; flags: StreamerFlags }> {
  const room = await db
    .selectFrom('rooms')
    .innerJoin('users', 'users.id', 'rooms.owner_user_id')
    .select(['rooms.under_18_regulation', 'users.birthday'])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, 'ページが見つかりません')
  const owner = ageFlags(room.birthday, options.nowMs)
  const flags: StreamerFlags = {
    isAbroad: options.abroad,
    isUnder16: owner.isUnder16,
    isUnder18: owner.isUnder18 || room.under_18_regulation,
  }
  const regulated = flags.isUnder18
  const status = !regulated
    ? REGULATION.none
    : options.abroad
      ? REGULATION.noLimit
      : REGULATION.limited
  return { status, flags }
}

/**
 * Starts a live in the owner's room: refused outside a regulated minor's window; with `restart`,
 * continues the live that ended within RESTART_WINDOW_MS or fails with TIME_TO_RESTART_EXCEEDED.
 */
export async function startLive(
  db: Db,
  room: { id: number },
  options: {
    restart: boolean
    abroad: boolean
    nowMs: number
    source?: 'demo' | 'rtmp'
    ingestName?: string
  },
) {
  const { status, flags } = await roomRegulation(db, room.id, options)
  if (status === REGULATION.limited && !isStreamingAllowed(flags, options.nowMs)) {
    throw new ApiError(403, liveMessages.regulated(flags.isUnder16 ? 20 : 22), {
      errorType: 'UNDER_18_REGULATED',
    })
  }
  return db.transaction().execute(async (tx) => {
    // The room's row serialises starts: with no open live there is no live row to lock, and two
    // starts at once would both insert (one 200, the other 409 below).
    const owner = await tx
      .selectFrom('rooms')
      .select('owner_user_id')
      .where('id', '=', room.id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const open = await tx
      .selectFrom('lives')
      .select('id')
      .where('room_id', '=', room.id)
      .where('ended_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (open) throw new ApiError(409, liveMessages.alreadyLive)
    if (options.restart) {
      const last = await tx
        .selectFrom('lives')
        .select(['id', 'ended_at', 'bcsvr_key'])
        .where('room_id', '=', room.id)
        .orderBy('id', 'desc')
        .executeTakeFirst()
      const endedAt = last?.ended_at?.getTime()
      if (!last || endedAt === undefined || options.nowMs - endedAt > RESTART_WINDOW_MS) {
        throw new ApiError(400, liveMessages.restartExceeded, {
          errorType: TIME_TO_RESTART_EXCEEDED,
        })
      }
      await tx
        .updateTable('lives')
        .set({
          ended_at: null,
          on_air_since: new Date(options.nowMs),
          // Back on air: whatever interrupted its video before it ended is over.
          ingest_lost_at: null,
          ingest_stalled_at: null,
          ...(options.source && { source: options.source }),
          ...(options.ingestName && { ingest_name: options.ingestName }),
        })
        .where('id', '=', last.id)
        .execute()
      return { live_id: last.id, bcsvr_key: last.bcsvr_key, is_restart: true }
    }
    const created = await tx
      .insertInto('lives')
      .values({
        room_id: room.id,
        started_at: new Date(options.nowMs),
        bcsvr_key: newBroadcastKey(room.id),
        source: options.source ?? 'demo',
        ingest_name: options.ingestName ?? null,
      })
      .returning(['id', 'bcsvr_key'])
      .executeTakeFirstOrThrow()
    // Its first live, and the days in a row it has gone live, earn the room medals; the live
    // counts in its owner's missions; its followers are to be told (in the background).
    await earnLiveStartMedals(tx, room.id)
    await queueLiveNotices(tx, { liveId: created.id, roomId: room.id })
    // Unless the room's background is fixed, a new live starts with one of its favourites.
    await drawLiveBackground(tx, room.id, owner.owner_user_id)
    if (owner.owner_user_id !== null) {
      await advanceMissions(tx, {
        userId: owner.owner_user_id,
        action: 'live_start',
        amount: 1,
        atMs: options.nowMs,
      })
    }
    return { live_id: created.id, bcsvr_key: created.bcsvr_key, is_restart: false }
  })
}

/**
 * Ends the live and tells everyone watching (`t:101`); polling answers live_end from now on. Its
 * time on air since it started (or came back) counts in the room's scores, with the end.
 */
export async function endLive(db: Db, hub: PushHub, live: { live_id: number; bcsvr_key: string }) {
  const ended = new Date()
  await db.transaction().execute((tx) => closeLive(tx, live.live_id, ended))
  hub.publishFrame(live.bcsvr_key, '101', { created_at: Math.floor(ended.getTime() / 1000) })
  return { ok: 1, live_id: live.live_id }
}

/**
 * endLive's writes in the caller's transaction (the caller tells viewers after). False when the
 * live was no longer open — or, with `lostBefore`, its encoder is not away since before then.
 */
export async function closeLive(
  tx: Db,
  liveId: number,
  ended: Date,
  only: { lostBefore?: Date } = {},
): Promise<boolean> {
  let query = tx
    .selectFrom('lives')
    .select([
      'room_id',
      'started_at',
      'on_air_since',
      // Read, not locked: a start locks the room before its lives, and this must not lock
      // in the other order.
      sql<number | null>`(select owner_user_id from rooms where rooms.id = lives.room_id)`.as(
        'owner_user_id',
      ),
    ])
    .where('id', '=', liveId)
    .where('ended_at', 'is', null)
  if (only.lostBefore) query = query.where('ingest_lost_at', '<=', only.lostBefore)
  const open = await query.forUpdate().executeTakeFirst()
  if (!open) return false
  const fromMs = (open.on_air_since ?? open.started_at).getTime()
  await Promise.all([
    tx.updateTable('lives').set({ ended_at: ended }).where('id', '=', liveId).execute(),
    addAirtime(tx, open.room_id, fromMs, ended.getTime()),
    // The minutes on air count in the owner's missions of the windows they fell in.
    open.owner_user_id !== null &&
      advanceMissionsOver(tx, {
        userId: open.owner_user_id,
        action: 'on_air_minutes',
        fromMs,
        toMs: ended.getTime(),
      }),
  ])
  return true
}

/** A new stream key: the room id and 24 random url-safe characters. */
export const newStreamKey = (roomId: number) => `${roomId}_${randomBytes(18).toString('base64url')}`

/** The room's stream key, made on first use. */
export async function streamKey(db: Db, roomId: number): Promise<string> {
  const room = await db
    .selectFrom('rooms')
    .select('stream_key')
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow()
  if (room.stream_key) return room.stream_key
  return rotateStreamKey(db, roomId)
}

/** A fresh stream key; the old one stops working at once, the new one is held by nothing. */
export async function rotateStreamKey(db: Db, roomId: number): Promise<string> {
  const key = newStreamKey(roomId)
  const fresh = { stream_key: key, obs_publish_held_at: null }
  await db.updateTable('rooms').set(fresh).where('id', '=', roomId).execute()
  return key
}

/** The room whose stream key this is (on_publish), or undefined. */
export const roomByStreamKey = (db: Db, key: string) =>
  db
    .selectFrom('rooms')
    .select(['id', 'room_url_key'])
    .where('stream_key', '=', key)
    .executeTakeFirst()

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
      // An OBS live whose video stopped (rtmp-ingest.ts): viewers see it interrupted.
      sql<boolean>`(lives.ingest_lost_at is not null or lives.ingest_stalled_at is not null)`.as(
        'is_interrupted',
      ),
    ])
    .where('lives.ended_at', 'is', null)
  if (where.roomId !== undefined) q = q.where('lives.room_id', '=', where.roomId)
  if (where.liveId !== undefined) q = q.where('lives.id', '=', where.liveId)
  return q.executeTakeFirst()
}

/** The open live of the room with this URL key (its HLS is served only while on air). */
export async function openLiveByUrlKey(db: Db, urlKey: string) {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', urlKey)
    .executeTakeFirst()
  return room ? openLive(db, { roomId: room.id }) : undefined
}
