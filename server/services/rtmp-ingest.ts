/**
 * OBS through nginx-rtmp (its `on_publish` / `on_publish_done` callbacks): the stream key is the
 * stream name; publishing starts the room's live, or gives the open one the encoder's video.
 */
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { endLive, openLive, roomByStreamKey, startLive } from './lives.ts'

/**
 * Whether the encoder may publish: the room (the live has started, or a room already on air
 * takes the encoder's video from now), else why not (an unknown key, a regulated hour).
 */
export async function acceptPublish(
  db: Db,
  name: string,
): Promise<{ room_url_key: string } | { refused: string }> {
  const room = await roomByStreamKey(db, name)
  if (!room) return { refused: 'unknown stream key' }
  try {
    await startLive(db, room, {
      restart: false,
      abroad: false,
      nowMs: Date.now(),
      source: 'rtmp',
      ingestName: name,
    })
  } catch (error) {
    // Anything but a refusal of ours (a database failure…) is a 500, logged, never told to nginx.
    if (!(error instanceof ApiError)) throw error
    if (error.status !== 409) return { refused: error.message }
    await db
      .updateTable('lives')
      .set({ source: 'rtmp', ingest_name: name })
      .where('room_id', '=', room.id)
      .where('ended_at', 'is', null)
      .execute()
  }
  // The media host names the live's playlists by the room, so the stream key never leaves it:
  // viewers reach them as /hls/{room_url_key}/live/.
  return { room_url_key: room.room_url_key }
}

/** The encoder stopped: the live it fed ends, if it still takes its video from RTMP. */
export async function publishDone(db: Db, hub: PushHub, name: string): Promise<void> {
  const live = await db
    .selectFrom('lives')
    .select(['id'])
    .where('ingest_name', '=', name)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  const open = live ? await openLive(db, { liveId: live.id }) : undefined
  if (open?.source === 'rtmp') await endLive(db, hub, open)
}
