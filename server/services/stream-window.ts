/**
 * The rules a liver streams by, for lives the media host carries (OBS over RTMP, a browser over
 * WHIP): before a publisher is even answered, whether its key may start a live now
 * (publishPreflight); and a regulated minor's live that reaches the end of the streaming window
 * ends by itself (endLivesPastWindow), whatever the encoder or the page keeps sending.
 */
import { REGULATION, isStreamingAllowed } from '../../src/domain/regulation.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { startJob, type Job } from './jobs.ts'
import { closeLive, liveMessages, roomByStreamKey, roomRegulation } from './lives.ts'
import { HELD_REFUSAL, publishHeld } from './obs-hold.ts'
import { endLivesOnce } from './rtmp-ingest.ts'

/** How often every process looks for lives past their window (a window ends on the minute). */
export const WINDOW_SWEEP_MS = 5000
/** The advisory lock the sweep takes, so one process ends a live and tells it once. */
const WINDOW_SWEEP_LOCK = 38_005_051

/** The refusal a minor's publisher gets outside the window (the site's live_start says the same). */
async function windowRefusal(db: Db, roomId: number, nowMs: number): Promise<string | null> {
  // The media host cannot tell where a publisher is: its lives count as Japan's (as acceptPublish).
  const { status, flags } = await roomRegulation(db, roomId, { abroad: false, nowMs })
  if (status !== REGULATION.limited || isStreamingAllowed(flags, nowMs)) return null
  return liveMessages.regulated(flags.isUnder16 ? 20 : 22)
}

/**
 * Whether a publisher with stream key `name` may go live now, without starting anything: 401
 * for a key that is no room's (wrong, or replaced), 403 for a held key or a minor outside the
 * window, else the room.
 */
export async function publishPreflight(
  db: Db,
  name: string,
  nowMs = Date.now(),
): Promise<{ room_url_key: string } | { status: 401 | 403; refused: string }> {
  const room = name ? await roomByStreamKey(db, name) : undefined
  if (!room) return { status: 401, refused: 'unknown stream key' }
  if (await publishHeld(db, room.id, nowMs)) return { status: 403, refused: HELD_REFUSAL }
  const refused = await windowRefusal(db, room.id, nowMs)
  if (refused) return { status: 403, refused }
  return { room_url_key: room.room_url_key }
}

/**
 * Ends every open live of the media host whose room is a regulated minor's and whose window has
 * closed at `nowMs`, and tells its viewers (`t:101`); the media host then lets the publisher go
 * (on_check). Under an advisory lock; idempotent. Answers the ids of the lives it ended.
 */
export async function endLivesPastWindow(
  db: Db,
  hub: PushHub,
  nowMs = Date.now(),
): Promise<number[]> {
  const now = new Date(nowMs)
  return endLivesOnce(db, hub, WINDOW_SWEEP_LOCK, now, async (tx) => {
    // Only rooms that can be regulated: marked, or with an owner's birthday.
    const open = await tx
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .innerJoin('users', 'users.id', 'rooms.owner_user_id')
      .select(['lives.id', 'lives.bcsvr_key', 'lives.room_id'])
      .where('lives.ended_at', 'is', null)
      .where('lives.source', '=', 'rtmp')
      .where((eb) =>
        eb.or([eb('rooms.under_18_regulation', '=', true), eb('users.birthday', 'is not', null)]),
      )
      .orderBy('lives.id')
      .execute()
    const closed: typeof open = []
    for (const live of open) {
      if (!(await windowRefusal(tx, live.room_id, nowMs))) continue
      if (await closeLive(tx, live.id, now)) closed.push(live)
    }
    return closed
  })
}

/** endLivesPastWindow now and every `intervalMs` (WINDOW_SWEEP_MS; 0 = never), in every process. */
export function startWindowSweep(deps: {
  db: Db
  hub: PushHub
  logger: Logger
  intervalMs?: number
}): Job {
  return startJob({
    name: 'streaming window sweep',
    intervalMs: deps.intervalMs ?? WINDOW_SWEEP_MS,
    logger: deps.logger,
    run: async () => {
      const ended = await endLivesPastWindow(deps.db, deps.hub)
      if (ended.length > 0) deps.logger.info('lives ended: the streaming window closed', { ended })
    },
  })
}
