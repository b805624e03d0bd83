import type { Client } from './sockets.ts'

/**
 * Sockets written per turn of the event loop before the writer yields, so that input (commands,
 * the bus's next frames) is read between slices. Some 500 loopback writes take 5–6 ms here.
 */
export const WRITE_SLICE = 500
/** A room's share of one slice while other rooms wait, so a big room never holds up a small one. */
const ROOM_SHARE = 64
/**
 * A busy room's passes start at most once in this many milliseconds, and after a pass the room
 * rests a quarter as long as the pass took: each socket then gets several frames in one write,
 * and the kernel's work per frame stays low when it is the limit. A quiet room is not held.
 */
export const PASS_MIN_MS = 25
const REST_SHARE = 4

/** A follower of a room, the sequence number of the next frame it lacks, and whether it left. */
interface Follower {
  readonly client: Client
  next: number
  gone: boolean
}

/** One key's followers, each with how far it has been written, and the frames not yet written to all. */
class Room {
  /** Each follower's record, updated in place as passes write to it. */
  readonly followers = new Map<Client, Follower>()
  /**
   * The same records in the order passes visit them, walked by index so that a pass allocates
   * nothing; a follower that left stays here, marked, until the next pass starts.
   */
  order: Follower[] = []
  gone = 0
  /** Frames from sequence number `base` on. */
  log: Buffer[] = []
  base = 0
  /**
   * Whether a pass over the followers is under way, the index in `order` it has reached, and the
   * frames it was started for (below `passEnd`).
   */
  pass = false
  passAt = 0
  passEnd = 0
  passStartedAt = 0
  /** The rest after a pass, before the next one starts. */
  resting: NodeJS.Timeout | null = null
  /** The frames from a sequence number on, joined once for every follower that lacks just those. */
  readonly joined = new Map<number, Buffer>()

  get next(): number {
    return this.base + this.log.length
  }
}

/** Drops the records of followers that left (never during a pass: it walks `order` by index). */
function compact(room: Room): void {
  room.order = room.order.filter((follower) => !follower.gone)
  room.gone = 0
}

/**
 * The push hub's rolling writer. A frame is appended to its room's log and a pass over the room's
 * followers begins; each follower is written, in one write, every frame it lacks when the pass
 * reaches it. A frame published while a pass is under way thus reaches the followers not yet
 * passed in that very pass, and the others in the pass that follows at once: its wait is bounded
 * by one pass, never by a batch window plus the pass in progress plus its own. A quiet room's
 * frame goes out on the next turn; a busy room's frames gather by themselves while its pass runs.
 */
export class RollingWriter {
  private readonly rooms = new Map<string, Room>()
  /** Rooms with a pass under way, in the order they get their next share. */
  private readonly busy = new Set<Room>()
  private scheduled: NodeJS.Immediate | null = null

  constructor(
    /** Writes `frames` (joined in `batch`) to one follower; it may cut the follower off. */
    private readonly writeTo: (client: Client, batch: Buffer, frames: readonly Buffer[]) => void,
    private readonly slice = WRITE_SLICE,
  ) {}

  /** `client` follows `key` from the next frame on. */
  follow(key: string, client: Client): void {
    let room = this.rooms.get(key)
    if (!room) this.rooms.set(key, (room = new Room()))
    if (room.followers.has(client)) return
    const follower = { client, next: room.next, gone: false }
    room.followers.set(client, follower)
    room.order.push(follower)
  }

  unfollow(key: string, client: Client): void {
    const room = this.rooms.get(key)
    const follower = room?.followers.get(client)
    if (!room || !follower) return
    room.followers.delete(client)
    follower.gone = true
    room.gone++
    // A quiet room whose viewers come and go keeps no more records of the gone than of the here.
    if (!room.pass && room.gone > room.followers.size) compact(room)
    if (room.followers.size === 0) {
      this.rooms.delete(key)
      this.busy.delete(room)
      if (room.resting) clearTimeout(room.resting)
    }
  }

  followerCount(key: string): number {
    return this.rooms.get(key)?.followers.size ?? 0
  }

  /** Distinct viewers (users, else addresses) following each key. */
  viewerCounts(): Map<string, number> {
    const counts = new Map<string, number>()
    for (const [key, room] of this.rooms) {
      counts.set(key, new Set([...room.followers.keys()].map((client) => client.viewer)).size)
    }
    return counts
  }

  has(key: string): boolean {
    return this.rooms.has(key)
  }

  /** Queues a framed message for the key's followers; false when nobody here follows it. */
  append(key: string, frame: Buffer): boolean {
    const room = this.rooms.get(key)
    if (!room) return false
    room.log.push(frame)
    room.joined.clear()
    if (!room.pass && !room.resting) {
      this.startPass(room)
      this.schedule()
    }
    return true
  }

  /** Writes everything still owed, at once (the hub is closing). */
  drain(): void {
    if (this.scheduled) clearImmediate(this.scheduled)
    this.scheduled = null
    for (const room of this.rooms.values()) {
      if (!room.resting) continue
      clearTimeout(room.resting)
      room.resting = null
      this.startPass(room)
    }
    while (this.busy.size > 0) this.writeSlice(Number.POSITIVE_INFINITY)
  }

  private startPass(room: Room): void {
    if (room.gone > 0) compact(room)
    room.pass = true
    room.passAt = 0
    room.passEnd = room.next
    room.passStartedAt = performance.now()
    this.busy.add(room)
  }

  private schedule(): void {
    this.scheduled ??= setImmediate(() => {
      this.scheduled = null
      this.writeSlice(this.slice)
      if (this.busy.size > 0) this.schedule()
    })
  }

  /**
   * Up to `budget` writes, each busy room taking its share in turn: a room re-added at the end of
   * the set is reached again by the same loop, until the budget is spent or no room is busy.
   */
  private writeSlice(budget: number): void {
    let left = budget
    for (const room of this.busy) {
      if (left <= 0) break
      left -= this.advance(room, Math.min(left, this.busy.size > 1 ? ROOM_SHARE : left))
      // Its share taken, the room waits behind the others.
      if (this.busy.delete(room) && room.pass) this.busy.add(room)
    }
  }

  /** Moves a room's pass on by up to `share` writes; at its end, the next pass or rest. */
  private advance(room: Room, share: number): number {
    let written = 0
    while (written < share) {
      // Followers that came during the pass are in it too (they owe only what came after them).
      const follower = room.order[room.passAt++]
      if (!follower) {
        this.endPass(room)
        return written
      }
      const from = follower.next
      const next = room.next
      if (follower.gone || from >= next) continue
      follower.next = next
      const frames = from === room.base ? room.log : room.log.slice(from - room.base)
      let batch = room.joined.get(from)
      if (!batch) {
        batch = frames.length === 1 && frames[0] ? frames[0] : Buffer.concat(frames)
        room.joined.set(from, batch)
      }
      this.writeTo(follower.client, batch, frames)
      written++
    }
    return written
  }

  /**
   * Every follower has had the frames the pass was started for (a follower that came later had
   * none of them owed): those leave the log. Frames that came during the pass start the next,
   * after the room's rest.
   */
  private endPass(room: Room): void {
    room.log = room.log.slice(room.passEnd - room.base)
    room.base = room.passEnd
    room.joined.clear()
    room.pass = false
    this.busy.delete(room)
    if (room.log.length === 0 || room.followers.size === 0) return
    const now = performance.now()
    const rest = Math.max(
      room.passStartedAt + PASS_MIN_MS - now,
      (now - room.passStartedAt) / REST_SHARE,
    )
    room.resting = setTimeout(() => {
      room.resting = null
      if (room.log.length === 0 || room.followers.size === 0) return
      this.startPass(room)
      this.schedule()
    }, rest)
  }
}
