import { isSoleWriter, type Db } from '../../db/index.ts'
import type { PointsAdded } from './points.ts'
import type { Standing } from './standing.ts'
import { mayServeStale } from '../kept-read.ts'

/**
 * An event's whole ranking in memory, as one read of the database found it: every approved
 * entry in ranking order (more points, then who reached them first, then the lower room id —
 * the order of standing.ts), the rooms' names and which are on air. The ranking pages and the
 * standings pushed after gifts are answered from it, so a busy event costs the database one
 * read per refresh rather than several per request and per gift.
 */
export interface Board {
  eventId: number
  /** Date.now() when the read began: the board holds every commit made before it. */
  loadedAt: number
  /**
   * What the board holds every commit before (ms): its read, or later where this process wrote
   * all there is and applied it (Boards.apply on a sole writer, PGlite).
   */
  asOf: number
  /** Entries by division (0: the whole event when it has none), best first. */
  divisions: Map<number, BoardRow[]>
  /** Every entry of the event, best first (the large rank of a block event). */
  all: BoardRow[]
  byRoom: Map<number, BoardRow>
}

export interface BoardRow {
  roomId: number
  roomUrlKey: string
  roomName: string
  description: string
  isOfficial: boolean
  point: number
  /** When it reached its points (ms). */
  reachedAt: number
  divisionId: number
  questLevel: number
  sequenceNum: number
  /** Rank in its division and in the whole event, from 1. */
  rank: number
  largeRank: number
  /** The push key of the room's live when it is on air. */
  liveKey: string | null
}

/** Reads an event's board: two queries, whatever the number of entries. */
export async function loadBoard(db: Db, eventId: number): Promise<Board> {
  const loadedAt = Date.now()
  const rows = await db
    .selectFrom('event_entries')
    .innerJoin('rooms', 'rooms.id', 'event_entries.room_id')
    .leftJoin('lives', (join) =>
      join.onRef('lives.room_id', '=', 'event_entries.room_id').on('lives.ended_at', 'is', null),
    )
    .select([
      'event_entries.room_id',
      'event_entries.point',
      'event_entries.point_reached_at',
      'event_entries.block_division_id',
      'event_entries.quest_level',
      'event_entries.sequence_num',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.description',
      'rooms.is_official',
      'lives.bcsvr_key',
    ])
    .where('event_entries.event_id', '=', eventId)
    .where('event_entries.status', '=', 'approved')
    .orderBy('event_entries.point', 'desc')
    .orderBy('event_entries.point_reached_at', 'asc')
    .orderBy('event_entries.room_id', 'asc')
    .execute()
  const all: BoardRow[] = []
  const byRoom = new Map<number, BoardRow>()
  const divisions = new Map<number, BoardRow[]>()
  for (const r of rows) {
    // A room has at most one open live; a second row for it would be the same room again.
    if (byRoom.has(r.room_id)) continue
    const division = divisions.get(r.block_division_id) ?? []
    divisions.set(r.block_division_id, division)
    const row: BoardRow = {
      roomId: r.room_id,
      roomUrlKey: r.room_url_key,
      roomName: r.room_name,
      description: r.description,
      isOfficial: r.is_official,
      point: Number(r.point),
      reachedAt: r.point_reached_at.getTime(),
      divisionId: r.block_division_id,
      questLevel: r.quest_level,
      sequenceNum: Number(r.sequence_num),
      rank: division.length + 1,
      largeRank: all.length + 1,
      liveKey: r.bcsvr_key,
    }
    division.push(row)
    all.push(row)
    byRoom.set(row.roomId, row)
  }
  return { eventId, loadedAt, asOf: loadedAt, divisions, all, byRoom }
}

/** A room's standing on the board; null when the room is not ranked in the event. */
export function boardStanding(board: Board, roomId: number): Standing | null {
  const me = board.byRoom.get(roomId)
  if (!me) return null
  const division = board.divisions.get(me.divisionId) ?? []
  const above = division[me.rank - 2]
  const below = division[me.rank]
  return {
    eventId: board.eventId,
    roomId,
    divisionId: me.divisionId,
    point: me.point,
    rank: me.rank,
    nextRank: above ? above.rank : null,
    gap: above ? above.point - me.point : null,
    lowerRank: below ? below.rank : null,
    lowerGap: below ? me.point - below.point : null,
    entries: division.length,
    largeRank: me.largeRank,
    questLevel: me.questLevel,
    sequenceNum: me.sequenceNum,
  }
}

/** Whether `a` ranks above `b`: more points, then who reached them first, then the lower id. */
const ranksAbove = (a: BoardRow, b: BoardRow) =>
  a.point !== b.point
    ? a.point > b.point
    : a.reachedAt !== b.reachedAt
      ? a.reachedAt < b.reachedAt
      : a.roomId < b.roomId

/**
 * Moves a row to its place after its points grew, in the order of the database's ranking, and
 * renumbers the rows between its old and new places.
 */
function reposition(list: BoardRow[], row: BoardRow, rank: 'rank' | 'largeRank'): void {
  const from = row[rank] - 1
  if (list[from] !== row) return
  list.splice(from, 1)
  let to = 0
  while (to < list.length && ranksAbove(list[to] ?? row, row)) to++
  list.splice(to, 0, row)
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
    const moved = list[i]
    if (moved) moved[rank] = i + 1
  }
}

/** Points applied to a board in memory; a change it holds already is skipped. */
function applyTo(board: Board, changes: readonly PointsAdded[], at: number, sole: boolean): void {
  for (const change of changes) {
    const row = board.byRoom.get(change.roomId)
    if (!row || row.sequenceNum >= change.sequenceNum) continue
    row.point = change.point
    row.reachedAt = change.reachedAt
    row.sequenceNum = change.sequenceNum
    reposition(board.divisions.get(row.divisionId) ?? [], row, 'rank')
    reposition(board.all, row, 'largeRank')
  }
  if (sole) board.asOf = Math.max(board.asOf, at)
}

/** How long changes applied in memory are kept for a read that may have begun before them. */
const RECENT_MS = 10_000

/** How long a board answers without a new read: the most a page that was not pushed lags. */
export const BOARD_FRESH_MS = 1000
/**
 * The same on a sole writer (PGlite), whose boards get every change of points in memory: only
 * rooms going on or off air and entries decided wait this long (a decision forgets the board).
 */
export const SOLE_WRITER_FRESH_MS = 5000

/**
 * The boards of one process. A fresh board (younger than `freshMs`) is answered as it is; one up
 * to twice that old is answered too while one new read runs for everyone (kept-read.ts); an older
 * one waits for that read, so a quiet event's first request shows no old news; a caller that needs what was committed by a moment
 * (`notBefore`, a push's `v`) waits for a read begun after it.
 */
export class Boards {
  private readonly boards = new Map<number, Board>()
  private readonly reading = new Map<number, Promise<Board>>()
  /** The changes applied lately, per event. */
  private readonly recent = new Map<number, Array<{ at: number; change: PointsAdded }>>()

  private readonly freshMs: number

  constructor(
    private readonly db: Db,
    private readonly maxEvents = 200,
  ) {
    this.freshMs = isSoleWriter(db) ? SOLE_WRITER_FRESH_MS : BOARD_FRESH_MS
  }

  /** Drops an event's board: its entries changed (a decision); the next read loads them. */
  forget(eventId: number): void {
    this.boards.delete(eventId)
  }

  get(eventId: number, notBefore = 0): Promise<Board> {
    // Another process's clock may run ahead of ours: no read can begin later than now.
    const since = Math.min(notBefore, Date.now())
    const board = this.boards.get(eventId)
    if (board && board.asOf >= since) {
      const age = Date.now() - board.loadedAt
      if (age < this.freshMs) return Promise.resolve(board)
      // Due for a new read: answered meanwhile only if not much older (kept-read.ts).
      const reading = this.read(eventId)
      if (mayServeStale(age, this.freshMs)) {
        reading.catch(() => {})
        return Promise.resolve(board)
      }
      return reading
    }
    return this.read(eventId, since)
  }

  /**
   * Applies points this process has just committed (PointsAdded, from the gift's transaction) to
   * the board in memory, so telling them needs no read. A change the board already holds (its
   * sequence number is not newer) is skipped. On a sole writer the board then holds every commit
   * up to `at`.
   */
  apply(eventId: number, changes: readonly PointsAdded[], at: number): void {
    // Kept a moment, for a read under way that began before these commits (keep).
    const recent = (this.recent.get(eventId) ?? []).filter((r) => r.at > at - RECENT_MS)
    for (const change of changes) recent.push({ at, change })
    this.recent.set(eventId, recent)
    const board = this.boards.get(eventId)
    if (board) applyTo(board, changes, at, isSoleWriter(this.db))
  }

  /** A new read (one at a time per event; a caller needing a later one waits for it after). */
  read(eventId: number, notBefore = 0): Promise<Board> {
    const pending = this.reading.get(eventId)
    if (pending && notBefore === 0) return pending
    const next = (pending ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        const current = this.boards.get(eventId)
        // The read that just ended may already be late enough.
        if (current && notBefore !== 0 && current.asOf >= notBefore) return current
        return loadBoard(this.db, eventId)
      })
      .then((loaded) => {
        this.keep(loaded)
        return loaded
      })
      .finally(() => {
        if (this.reading.get(eventId) === next) this.reading.delete(eventId)
      })
    this.reading.set(eventId, next)
    return next
  }

  private keep(board: Board): void {
    const current = this.boards.get(board.eventId)
    if (current && current.loadedAt > board.loadedAt) return
    // Commits applied meanwhile that the read may have missed (the sequence skips the others).
    const recent = this.recent.get(board.eventId) ?? []
    for (const { at, change } of recent) applyTo(board, [change], at, isSoleWriter(this.db))
    this.boards.delete(board.eventId)
    this.boards.set(board.eventId, board)
    if (this.boards.size > this.maxEvents) {
      const oldest = this.boards.keys().next()
      if (!oldest.done) this.boards.delete(oldest.value)
    }
  }
}

const perDatabase = new WeakMap<Db, Boards>()

/** The boards of the process for `db` (one per database handle). */
export function boardsOf(db: Db): Boards {
  let boards = perDatabase.get(db)
  if (!boards) perDatabase.set(db, (boards = new Boards(db)))
  return boards
}
