/** The room owner's calls (SPEC.md §7 Encoder, OBS): the live, its telop and votes, the stream key. */
import type {
  EnqueteEndAnswer,
  EnqueteStartAnswer,
  LiveEndAnswer,
  LiveStartAnswer,
  TelopSavedAnswer,
} from '../../src/contract/encoder.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { endEnquete, enqueteMessages, startEnquete } from './enquetes.ts'
import { openLive, rotateStreamKey, startLive, streamKey } from './lives.ts'
import { endLiveByOwner, releasePublishHold } from './obs-hold.ts'
import { requireLiveRight } from './organizers/room-rights.ts'
import { TELOP_MAX_LENGTH, charCount, ownedRoom, socialMessages, telopBody } from './room-social.ts'

/**
 * The open live `liveId`, when `userId` owns its room: 404 or 403 otherwise. Owner-only tools
 * (the live's start and end, its tags); the tools a navigator may be granted (telop, votes) ask
 * organizers/room-rights.ts instead.
 */
export async function ownLive(db: Db, userId: number, liveId: number) {
  const live = await openLive(db, { liveId })
  if (!live) throw new ApiError(404, socialMessages.liveEnded)
  if (live.owner_user_id !== userId) throw new ApiError(403, socialMessages.ownerOnly)
  return live
}

/** Who asks about which live, and the site's origin (the t:8 frame names the telop's URL). */
export interface LiveCall {
  userId: number
  liveId: number
  origin: string
}

/** Stores the live's telop ('' removes it) and pushes it (`t:8`) to everyone watching. */
async function saveTelop(
  db: Db,
  hub: PushHub,
  live: { live_id: number; bcsvr_key: string },
  telop: string,
  origin: string,
): Promise<TelopSavedAnswer> {
  await db.updateTable('lives').set({ telop }).where('id', '=', live.live_id).execute()
  const body = telopBody(telop)
  hub.publishFrame(live.bcsvr_key, '8', {
    ...body,
    api: `${origin}/api/live/telop?live_id=${live.live_id}`,
  })
  return { ok: 1, ...body }
}

/** `POST /api/encoder/post_telop` (owner, or a navigator with `telop`): one line (breaks and runs of spaces become one space), 1–60. */
export async function postTelop(
  db: Db,
  hub: PushHub,
  call: LiveCall & { telop: string },
): Promise<TelopSavedAnswer> {
  const telop = stripHidden(call.telop.replace(/\s+/g, ' ')).trim()
  const live = await requireLiveRight(db, call.userId, call.liveId, 'telop')
  if (telop === '') throw new ApiError(400, socialMessages.telopEmpty)
  if (charCount(telop) > TELOP_MAX_LENGTH) {
    throw new ApiError(400, `テロップは${TELOP_MAX_LENGTH}文字以内で入力してください`)
  }
  return saveTelop(db, hub, live, telop, call.origin)
}

/** `POST /api/encoder/delete_telop` (owner, or a navigator with `telop`). */
export async function deleteTelop(db: Db, hub: PushHub, call: LiveCall) {
  const live = await requireLiveRight(db, call.userId, call.liveId, 'telop')
  return saveTelop(db, hub, live, '', call.origin)
}

/** `POST /api/encoder/live_start`: the owner's room goes on air (lives.ts startLive's rules). */
export async function startOwnLive(
  db: Db,
  request: { userId: number; roomId: number; restart: boolean; abroad: boolean; nowMs: number },
): Promise<LiveStartAnswer> {
  const room = await ownedRoom(db, request.roomId, request.userId)
  const started = await startLive(db, room, {
    restart: request.restart,
    abroad: request.abroad,
    nowMs: request.nowMs,
  })
  // The owner is on air again from the site: OBS may feed this live (obs-hold.ts).
  await releasePublishHold(db, room.id)
  return { ok: 1, ...started }
}

/** `POST /api/encoder/live_end`: an OBS live's key is held until the owner acts again (obs-hold.ts). */
export async function endOwnLive(
  db: Db,
  hub: PushHub,
  userId: number,
  liveId: number,
): Promise<LiveEndAnswer> {
  const live = await ownLive(db, userId, liveId)
  const ended = await endLiveByOwner(db, hub, live)
  return { ok: 1, live_id: ended.live_id }
}

/** `POST /api/encoder/enquete_start` (owner, or a navigator with `enquete`): `options` answers, 2–10 ('' is 5). */
export async function startOwnEnquete(
  db: Db,
  hub: PushHub,
  request: { userId: number; liveId: number; options: string },
): Promise<EnqueteStartAnswer> {
  const live = await requireLiveRight(db, request.userId, request.liveId, 'enquete')
  const options = request.options || '5'
  if (!/^\d{1,2}$/.test(options)) throw new ApiError(400, enqueteMessages.options)
  const started = await startEnquete(db, hub, live, Number(options))
  return { ok: 1, enquete_id: started.enquete_id, options: started.options }
}

/** `POST /api/encoder/enquete_end`: the vote closes; its results go to everyone watching. */
export async function endOwnEnquete(
  db: Db,
  hub: PushHub,
  userId: number,
  liveId: number,
): Promise<EnqueteEndAnswer> {
  const live = await requireLiveRight(db, userId, liveId, 'enquete')
  const ended = await endEnquete(db, hub, live)
  return { ok: 1, results: ended.results }
}

/** The owner's room's stream key (`rotate`: a new one, the old one stops working at once). */
export async function ownStreamKey(
  db: Db,
  request: { userId: number; roomId: number; rotate: boolean },
): Promise<string> {
  const room = await ownedRoom(db, request.roomId, request.userId)
  return request.rotate ? rotateStreamKey(db, room.id) : streamKey(db, room.id)
}
