/**
 * The owner's end of an OBS live holds the room's stream key (issue #50, "ended means ended").
 * The media host drops the encoder at once, but OBS reconnects by itself: without the hold its
 * next publish would open a new live (followers told again) while the owner believes it over.
 *
 * The hold lasts until the owner acts again — starts a live from the site (`live_start`, which
 * OBS then feeds) or renews the key — or until OBS has tried nothing for OBS_HOLD_QUIET_MS: a
 * liver who stopped OBS and comes back later goes on air from OBS as before, with no site action.
 * Every publish it refuses renews it, so an encoder that keeps retrying never gets through. A live
 * that ends without the owner (the encoder away past the grace) holds nothing.
 */
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { closeLive } from './lives.ts'

/**
 * How long OBS must have been quiet for a held key to publish again. Longer than OBS's own gap
 * between reconnection tries (a few seconds, growing to at most 15 min in OBS 30), so an encoder
 * still retrying stays held.
 */
export const OBS_HOLD_QUIET_MS = 30 * 60_000

/** What viewers and the media host are told: why the publish is refused (never shown to viewers). */
export const HELD_REFUSAL = 'the owner ended the live: start it on the site or renew the key'

/**
 * `POST /api/encoder/live_end`: ends the live as endLive does and, when OBS feeds it, holds the
 * room's key in the same transaction.
 */
export async function endLiveByOwner(
  db: Db,
  hub: PushHub,
  live: { live_id: number; room_id: number; bcsvr_key: string },
) {
  const ended = new Date()
  await db.transaction().execute(async (tx) => {
    // The room before its live, in the order a start (startLive) locks them: the other order
    // could deadlock with an encoder's publish.
    await tx.selectFrom('rooms').select('id').where('id', '=', live.room_id).forUpdate().execute()
    if (!(await closeLive(tx, live.live_id, ended))) return
    // Read after closeLive locked the row: an encoder that took the live a moment ago counts.
    const { source } = await tx
      .selectFrom('lives')
      .select('source')
      .where('id', '=', live.live_id)
      .executeTakeFirstOrThrow()
    if (source !== 'rtmp') return
    await tx
      .updateTable('rooms')
      .set({ obs_publish_held_at: ended })
      .where('id', '=', live.room_id)
      .execute()
  })
  hub.publishFrame(live.bcsvr_key, '101', { created_at: Math.floor(ended.getTime() / 1000) })
  return { ok: 1, live_id: live.live_id }
}

/**
 * Whether the room's key is held at `nowMs` (on_publish is then refused). A held key's hold is
 * renewed from `nowMs`, in the same statement, so retries keep it.
 */
export async function publishHeld(db: Db, roomId: number, nowMs: number): Promise<boolean> {
  const held = await db
    .updateTable('rooms')
    .set({ obs_publish_held_at: new Date(nowMs) })
    .where('id', '=', roomId)
    .where('obs_publish_held_at', '>', new Date(nowMs - OBS_HOLD_QUIET_MS))
    .returning('id')
    .executeTakeFirst()
  return held !== undefined
}

/** The owner acted again (a live started from the site): the room's key publishes again. */
export async function releasePublishHold(db: Db, roomId: number) {
  await db
    .updateTable('rooms')
    .set({ obs_publish_held_at: null })
    .where('id', '=', roomId)
    .where('obs_publish_held_at', 'is not', null)
    .execute()
}
