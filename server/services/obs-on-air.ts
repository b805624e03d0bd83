/**
 * Whether an OBS live is still on air, for the two places that must stop the moment it is not
 * (issue #50, "ended means ended"): the HLS proxy (`/hls/{room_url_key}/live/…`) and the media
 * host's publishers, which it asks about every second (`on_check`).
 */
import type { Db } from '../db/index.ts'

/**
 * Of `names` (stream names the media host holds), those whose encoder may publish no more: no
 * open OBS live is fed by it, or it is no longer its room's key (the owner rotated it).
 */
export async function publishersToDrop(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return []
  const fed = await db
    .selectFrom('rooms')
    .innerJoin('lives', 'lives.room_id', 'rooms.id')
    .select('lives.ingest_name')
    .where('rooms.stream_key', 'in', [...new Set(names)])
    .where('lives.ended_at', 'is', null)
    .where('lives.source', '=', 'rtmp')
    .whereRef('lives.ingest_name', '=', 'rooms.stream_key')
    .execute()
  const kept = new Set(fed.map((live) => live.ingest_name))
  return names.filter((name) => !kept.has(name))
}

/** Whether the room with this URL key has an open live fed by OBS (its media is the host's). */
export async function obsLiveOpen(db: Db, roomUrlKey: string): Promise<boolean> {
  const live = await db
    .selectFrom('rooms')
    .innerJoin('lives', 'lives.room_id', 'rooms.id')
    .select('lives.id')
    .where('rooms.room_url_key', '=', roomUrlKey)
    .where('lives.ended_at', 'is', null)
    .where('lives.source', '=', 'rtmp')
    .executeTakeFirst()
  return live !== undefined
}

/**
 * How long a process trusts what it read: every viewer asks for a playlist about three times a
 * second, so one read a room a second at most; a live that ends is refused this long after.
 */
export const ON_AIR_TTL_MS = 1000
/** Rooms remembered at most (keys no room has are remembered too, so a flood of them is cheap). */
const ON_AIR_MAX_ROOMS = 10_000

/**
 * obsLiveOpen per room, each answer kept ON_AIR_TTL_MS. Not told of ends: a live may end in any
 * process, so the short life of an answer is what bounds how long an ended live stays readable.
 * Readers of a room at the same moment share one query.
 */
export class OnAirCache {
  private readonly rooms = new Map<string, { until: number; open: Promise<boolean> }>()

  constructor(
    private readonly db: Db,
    private readonly ttlMs = ON_AIR_TTL_MS,
  ) {}

  isOpen(roomUrlKey: string, now = Date.now()): Promise<boolean> {
    const known = this.rooms.get(roomUrlKey)
    if (known && known.until > now) return known.open
    if (known) this.rooms.delete(roomUrlKey)
    // The oldest entry goes first: a Map iterates in insertion order.
    if (this.rooms.size >= ON_AIR_MAX_ROOMS) {
      const oldest = this.rooms.keys().next()
      if (!oldest.done) this.rooms.delete(oldest.value)
    }
    const open = obsLiveOpen(this.db, roomUrlKey)
    const entry = { until: now + this.ttlMs, open }
    this.rooms.set(roomUrlKey, entry)
    // A failed read is not remembered: the next request asks again.
    open.catch(() => {
      if (this.rooms.get(roomUrlKey) === entry) this.rooms.delete(roomUrlKey)
    })
    return open
  }
}
