/**
 * OBS through the media host (nginx-rtmp's `on_publish` / `on_publish_done`, and the host's own
 * `on_stall`): the stream key is the stream name; publishing starts the room's live, or gives the
 * open one the encoder's video. An encoder that goes away interrupts the live rather than ending
 * it: back within OBS_RECONNECT_GRACE_MS, the same live goes on.
 */
import { sql } from 'kysely'
import type { InterruptionReason } from '../../src/contract/push.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { ApiError } from '../errors.ts'
import { startJob, type Job } from './jobs.ts'
import { closeLive, roomByStreamKey, startLive } from './lives.ts'
import { HELD_REFUSAL, publishHeld } from './obs-hold.ts'

/** How long a disconnected encoder has to come back before its live ends (OBS reconnects in ~10 s). */
export const OBS_RECONNECT_GRACE_MS = 30_000
/** How often every process looks for lives whose encoder stayed away past the grace. */
export const LOST_INGEST_INTERVAL_MS = 5000
/** The advisory lock the sweep takes: of several processes one ends a live, and tells it once. */
const LOST_INGEST_LOCK = 38_005_030

interface IngestState {
  ingest_lost_at: Date | null
  ingest_stalled_at: Date | null
}

/** What viewers are told: a disconnected encoder says more than a stalled one; null: all is well. */
const interruptionOf = (live: IngestState): InterruptionReason | null =>
  live.ingest_lost_at ? 'disconnected' : live.ingest_stalled_at ? 'stalled' : null

/**
 * Writes the live's new ingest state in `tx` (its row locked) and answers the frame to push
 * after the commit: none when viewers' view of it did not change.
 */
async function setIngestState(
  tx: Db,
  live: IngestState & { id: number },
  next: Partial<IngestState>,
): Promise<{ interrupted: boolean; reason: InterruptionReason } | null> {
  const after = { ...live, ...next }
  await tx.updateTable('lives').set(next).where('id', '=', live.id).execute()
  const [was, now] = [interruptionOf(live), interruptionOf(after)]
  if (now) return now === was ? null : { interrupted: true, reason: now }
  return was ? { interrupted: false, reason: was } : null
}

const tell = (
  hub: PushHub,
  key: string,
  change: { interrupted: boolean; reason: InterruptionReason } | null,
  at: Date,
) => {
  if (change) {
    hub.publishFrame(key, '205', { ...change, created_at: Math.floor(at.getTime() / 1000) })
  }
}

/**
 * Gives the room's open live the encoder's video, in one transaction with its row locked (so the
 * sweep cannot end it halfway): an interrupted live goes on. Undefined when the room has none.
 */
async function takeOpenLive(db: Db, hub: PushHub, roomId: number, name: string, at: Date) {
  const taken = await db.transaction().execute(async (tx) => {
    const live = await tx
      .selectFrom('lives')
      .select(['id', 'bcsvr_key', 'ingest_lost_at', 'ingest_stalled_at'])
      .where('room_id', '=', roomId)
      .where('ended_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!live) return undefined
    await tx
      .updateTable('lives')
      .set({ source: 'rtmp', ingest_name: name })
      .where('id', '=', live.id)
      .execute()
    const change = await setIngestState(tx, live, { ingest_lost_at: null, ingest_stalled_at: null })
    return { key: live.bcsvr_key, change }
  })
  if (taken) tell(hub, taken.key, taken.change, at)
  return taken
}

/**
 * Whether the encoder may publish: the room (the live has started, a live on air takes the
 * encoder's video from now, an interrupted one goes on), else why not (an unknown key, a key the
 * owner's end holds, a regulated hour).
 */
export async function acceptPublish(
  db: Db,
  hub: PushHub,
  name: string,
  nowMs = Date.now(),
): Promise<{ room_url_key: string } | { refused: string }> {
  const room = await roomByStreamKey(db, name)
  if (!room) return { refused: 'unknown stream key' }
  // The owner ended the live: OBS reconnecting by itself must not open another (obs-hold.ts).
  if (await publishHeld(db, room.id, nowMs)) return { refused: HELD_REFUSAL }
  // The media host names the live's playlists by the room, so the stream key never leaves it:
  // viewers reach them as /hls/{room_url_key}/live/.
  const accepted = { room_url_key: room.room_url_key }
  // Twice at most: a live open at the first try may end (the sweep) before it is taken.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await startLive(db, room, {
        restart: false,
        abroad: false,
        nowMs,
        source: 'rtmp',
        ingestName: name,
      })
      return accepted
    } catch (error) {
      // Anything but a refusal of ours (a database failure…) is a 500, logged, never told to nginx.
      if (!(error instanceof ApiError)) throw error
      if (error.status !== 409) return { refused: error.message }
    }
    if (await takeOpenLive(db, hub, room.id, name, new Date(nowMs))) return accepted
  }
  return { refused: 'the live changed meanwhile; try again' }
}

/** The open OBS live the encoder of stream `name` feeds, locked in `tx`. */
const liveFedBy = (tx: Db, name: string) =>
  tx
    .selectFrom('lives')
    .select(['id', 'bcsvr_key', 'ingest_lost_at', 'ingest_stalled_at'])
    .where('ingest_name', '=', name)
    .where('source', '=', 'rtmp')
    .where('ended_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()

/**
 * The encoder of stream `name` stopped publishing: its live is interrupted (viewers are told)
 * and ends unless a publish comes back within OBS_RECONNECT_GRACE_MS (endLostLives).
 */
export async function publishDone(db: Db, hub: PushHub, name: string, at = new Date()) {
  const done = await db.transaction().execute(async (tx) => {
    const live = await liveFedBy(tx, name)
    if (!live) return undefined
    // A second notice keeps the first moment: the grace runs from when the encoder went.
    const change = await setIngestState(tx, live, { ingest_lost_at: live.ingest_lost_at ?? at })
    return { key: live.bcsvr_key, change }
  })
  if (done) tell(hub, done.key, done.change, at)
}

/**
 * The media host's word that the encoder of stream `name` is connected but its video stopped
 * arriving (`stalled`), or arrives again. It ends nothing: only a disconnection starts the grace.
 */
export async function ingestStalled(
  db: Db,
  hub: PushHub,
  name: string,
  stalled: boolean,
  at = new Date(),
) {
  const done = await db.transaction().execute(async (tx) => {
    const live = await liveFedBy(tx, name)
    if (!live) return undefined
    const since = stalled ? (live.ingest_stalled_at ?? at) : null
    return {
      key: live.bcsvr_key,
      change: await setIngestState(tx, live, { ingest_stalled_at: since }),
    }
  })
  if (done) tell(hub, done.key, done.change, at)
}

/**
 * Ends every OBS live whose encoder has been away longer than OBS_RECONNECT_GRACE_MS at `now`,
 * as endLive would, and tells its viewers (`t:101`). Under an advisory lock, so of processes
 * sweeping at once one acts and the others skip; a live whose encoder came back meanwhile is
 * left on (its row is read again, locked). Idempotent. Answers the ids of the lives it ended.
 */
export async function endLostLives(db: Db, hub: PushHub, now = new Date()): Promise<number[]> {
  const lostBefore = new Date(now.getTime() - OBS_RECONNECT_GRACE_MS)
  return endLivesOnce(db, hub, LOST_INGEST_LOCK, now, async (tx) => {
    const due = await tx
      .selectFrom('lives')
      .select(['id', 'bcsvr_key'])
      .where('ended_at', 'is', null)
      .where('source', '=', 'rtmp')
      .where('ingest_lost_at', '<=', lostBefore)
      .orderBy('id')
      .execute()
    const closed: typeof due = []
    for (const live of due) {
      if (await closeLive(tx, live.id, now, { lostBefore })) closed.push(live)
    }
    return closed
  })
}

/**
 * A sweep that ends lives, run by one process of several: under the advisory lock `lock` (the
 * others skip), `close` ends what is due in the transaction and answers those it ended, whose
 * viewers are told after the commit (`t:101`). Answers their ids.
 */
export async function endLivesOnce(
  db: Db,
  hub: PushHub,
  lock: number,
  now: Date,
  close: (tx: Db) => Promise<Array<{ id: number; bcsvr_key: string }>>,
): Promise<number[]> {
  const ended = await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      locked: boolean
    }>`select pg_try_advisory_xact_lock(${lock}::bigint) as locked`.execute(tx)
    return rows[0]?.locked ? close(tx) : []
  })
  for (const live of ended) {
    hub.publishFrame(live.bcsvr_key, '101', { created_at: Math.floor(now.getTime() / 1000) })
  }
  return ended.map((live) => live.id)
}

/** endLostLives now and every `intervalMs` (LOST_INGEST_INTERVAL_MS; 0 = never), in every process. */
export function startLostIngestSweep(deps: {
  db: Db
  hub: PushHub
  logger: Logger
  intervalMs?: number
}): Job {
  return startJob({
    name: 'lost ingest sweep',
    intervalMs: deps.intervalMs ?? LOST_INGEST_INTERVAL_MS,
    logger: deps.logger,
    run: async () => {
      const ended = await endLostLives(deps.db, deps.hub)
      if (ended.length > 0)
        deps.logger.info('lives ended: the encoder did not come back', { ended })
    },
  })
}
