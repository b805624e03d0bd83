import type { PushHub } from '../../broadcast/hub.ts'
import type { Db } from '../../db/index.ts'
import { eventPushKey, type FrameFields } from '../../../src/contract/push.ts'
import { boardStanding, boardsOf, type Board, type BoardRow } from './board.ts'
import type { PointsAdded } from './points.ts'
import { findEventSoon } from './ranking.ts'
import { rankingFields, type Standing } from './standing.ts'

/**
 * Gifts committed within this many milliseconds are told together: one read of the event's
 * board and one push per room, however many gifts moved it meanwhile.
 */
export const STANDINGS_FLUSH_MS = 100
/** A gift that passes more rooms than this tells the first ones; the rest see it on their next move. */
const MAX_TOLD_PER_GIFT = 200

/** A room's standing as Kirari's t:203 carries it. */
function standingFrame(
  event: { id: number; name: string; ended_at: Date },
  standing: Standing,
  shown: { beforeRank: number; isAnimation: 0 | 1 },
): FrameFields<'203'> {
  return {
    event_id: event.id,
    event_name: event.name,
    ended_at: Math.floor(event.ended_at.getTime() / 1000),
    ...rankingFields(standing, shown),
    created_at: Math.floor(Date.now() / 1000),
  }
}

/**
 * The rooms whose standing a gift changed: the gifted room, every room of its division it
 * passed (their points lie between its points before and after), the room now above it and the
 * room now below the lowest of them (their gaps moved).
 */
function touchedBy(board: Board, roomId: number, pointBefore: number): BoardRow[] {
  const me = board.byRoom.get(roomId)
  if (!me) return []
  const division = board.divisions.get(me.divisionId) ?? []
  const told: BoardRow[] = []
  for (let i = Math.max(0, me.rank - 2); i < division.length; i++) {
    const row = division[i]
    if (!row) break
    told.push(row)
    // The first room below the old points is the last one told.
    if ((row.point < pointBefore && row !== me) || told.length >= MAX_TOLD_PER_GIFT) break
  }
  return told
}

/**
 * SPEC §3 before_rank and is_animation: where a told room stood before this moment's gifts,
 * worked out from the board and the gifted rooms' points before them — a gifted room stood
 * below every room that has at least its old points; any other room stood higher by one for
 * each gifted room that passed it (now above it, with no more points than it before). A room
 * that moved animates.
 */
function shownFor(board: Board, gifted: ReadonlyMap<number, number>) {
  const pointBefore = (row: BoardRow) => gifted.get(row.roomId) ?? row.point
  const rankBefore = (row: BoardRow): number => {
    const division = board.divisions.get(row.divisionId) ?? []
    const mine = gifted.get(row.roomId)
    if (mine !== undefined)
      return 1 + division.filter((x) => x !== row && pointBefore(x) >= mine).length
    let passedBy = 0
    for (const [roomId, before] of gifted) {
      const g = board.byRoom.get(roomId)
      if (g && g.divisionId === row.divisionId && g.rank < row.rank && before <= row.point)
        passedBy++
    }
    return row.rank - passedBy
  }
  return (row: BoardRow) => {
    const beforeRank = rankBefore(row)
    return { beforeRank, isAnimation: beforeRank === row.rank ? (0 as const) : (1 as const) }
  }
}

/** Tells the rooms of one event what the gifts since the last flush changed. */
async function publishEvent(db: Db, hub: PushHub, eventId: number, work: Pending): Promise<void> {
  const startedAt = Date.now()
  const { gifted } = work
  // The committed points are on the board in memory already (note); one not held yet is read.
  const [event, board] = await Promise.all([findEventSoon(db, eventId), boardsOf(db).get(eventId)])
  if (!event) return
  const told = new Map<number, BoardRow>()
  for (const [roomId, pointBefore] of gifted)
    for (const row of touchedBy(board, roomId, pointBefore)) told.set(row.roomId, row)
  const shown = shownFor(board, gifted)
  for (const row of told.values()) {
    const standing = boardStanding(board, row.roomId)
    if (standing && row.liveKey)
      hub.publishFrame(row.liveKey, '203', standingFrame(event, standing, shown(row)))
  }
  // The event page reloads its ranking as of this board (`v`: what it must at least hold).
  hub.publishFrame(eventPushKey(eventId), '204', {
    event_id: eventId,
    v: board.asOf,
    created_at: Math.floor(startedAt / 1000),
  })
}

/** Gathers the standings changed by gifts and tells them every STANDINGS_FLUSH_MS. */
/** What a flush tells of one event: the gifted rooms' lowest points before, and the changes. */
interface Pending {
  gifted: Map<number, number>
  changes: PointsAdded[]
}

class StandingsPublisher {
  private pending = new Map<number, Pending>()
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly hub: PushHub,
  ) {}

  note(added: readonly PointsAdded[], giftPoints: number): void {
    const committedAt = Date.now()
    for (const change of added) {
      // On the board at once, so a ranking read right after the gift holds it (not a flush later).
      boardsOf(this.db).apply(change.eventId, [change], committedAt)
      const work: Pending = this.pending.get(change.eventId) ?? { gifted: new Map(), changes: [] }
      this.pending.set(change.eventId, work)
      const before = change.point - giftPoints
      work.gifted.set(change.roomId, Math.min(work.gifted.get(change.roomId) ?? before, before))
      work.changes.push(change)
    }
    if (this.timer || this.pending.size === 0) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.running = this.running.then(() => this.flush())
    }, STANDINGS_FLUSH_MS).unref()
  }

  private async flush(): Promise<void> {
    const work = this.pending
    this.pending = new Map()
    for (const [eventId, pending] of work)
      await this.hub.afterCommit('event standings', () =>
        publishEvent(this.db, this.hub, eventId, pending),
      )
  }
}

const publishers = new WeakMap<PushHub, StandingsPublisher>()

/**
 * After a gift's commit: the rooms whose standing it changed hear it on their live's key
 * (Kirari's t:203) — the room that got the points, every room it passed and their new
 * neighbours — and the event's page hears that its ranking moved (t:204 on the event's key).
 * Told within STANDINGS_FLUSH_MS, together with the other gifts of that moment.
 */
export function publishStandings(
  db: Db,
  hub: PushHub,
  added: readonly PointsAdded[],
  gift: { points: number },
): void {
  if (added.length === 0) return
  let publisher = publishers.get(hub)
  if (!publisher) publishers.set(hub, (publisher = new StandingsPublisher(db, hub)))
  publisher.note(added, gift.points)
}
