import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { periodStart, type ScorePeriod } from '../../../src/domain/scores.ts'
import { mayServeStale } from '../kept-read.ts'

/**
 * Every ranked room of this day, week and month in memory, as one read of room_scores found it:
 * the genre rankings' pages and the SHOWRANK's places are answered from it, so a busy site costs
 * the database one read per refresh rather than a count over thousands of rows per request. It is
 * read again when older than a few seconds (the request that finds it old is answered from the
 * old one meanwhile, if not much older: kept-read.ts), and at once when a period turns over.
 */
export interface ScoreBoard {
  /** Date.now() when the read began. */
  loadedAt: number
  periods: Record<ScorePeriod, PeriodBoard>
}

export interface PeriodBoard {
  /** The period's first day (Tokyo). */
  startsOn: string
  /** Rooms with a score above 0: more score first, then the lower room id. */
  order: BoardEntry[]
  /** Place (from 1) by room id. */
  rankOf: Map<number, number>
  /** The same order per genre, made when first asked. */
  byGenre: Map<number, BoardEntry[]>
  /**
   * The rooms of each ranking page read for this board (services/rankings/genre.ts): pages with
   * rooms only, at most MAX_KEPT_PAGES.
   */
  pages: Map<string, Promise<RoomRow[]>>
}

/** What a ranking row shows of a room. */
export interface RoomRow {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  genre_id: number
  genre_name: string
  is_onlive: boolean
}

export interface BoardEntry {
  roomId: number
  genreId: number
  score: number
}

async function loadBoard(db: Db, nowMs: number): Promise<ScoreBoard> {
  const loadedAt = Date.now()
  const empty = (period: ScorePeriod): PeriodBoard => ({
    startsOn: periodStart(period, nowMs),
    order: [],
    rankOf: new Map(),
    byGenre: new Map(),
    pages: new Map(),
  })
  const periods: Record<ScorePeriod, PeriodBoard> = {
    day: empty('day'),
    week: empty('week'),
    month: empty('month'),
  }
  // One row per period, its rooms in order as "room:genre:score" joined by commas: a large
  // board is parsed by one split instead of a row object per room, on the server's thread.
  const rows = await sql<{ period: ScorePeriod; entries: string | null }>`
    select s.period,
      string_agg(s.room_id || ':' || r.genre_id || ':' || s.score, ','
        order by s.score desc, s.room_id) as entries
    from room_scores s join rooms r on r.id = s.room_id
    where s.score > 0 and (
      (s.period = 'day' and s.starts_on = ${periods.day.startsOn}::date) or
      (s.period = 'week' and s.starts_on = ${periods.week.startsOn}::date) or
      (s.period = 'month' and s.starts_on = ${periods.month.startsOn}::date))
    group by s.period`.execute(db)
  for (const r of rows.rows) {
    const board = periods[r.period]
    for (const entry of r.entries ? r.entries.split(',') : []) {
      const [room, genre, score] = entry.split(':')
      board.order.push({ roomId: Number(room), genreId: Number(genre), score: Number(score) })
      board.rankOf.set(Number(room), board.order.length)
    }
  }
  return { loadedAt, periods }
}

/** Ranking pages kept per period and board: more are read each time. */
export const MAX_KEPT_PAGES = 500

interface Kept {
  board: ScoreBoard | null
  loading: Promise<ScoreBoard> | null
}
const kept = new WeakMap<Db, Kept>()

/**
 * The board of `db` as of `nowMs`: the kept one while younger than `maxAgeMs` (RANKING_BOARD_MS);
 * an older one, up to twice that (kept-read.ts), is answered at once while a new read runs; an
 * older one still, one from another day, or none waits for the new read.
 */
export async function scoreBoard(db: Db, nowMs: number, maxAgeMs: number): Promise<ScoreBoard> {
  let entry = kept.get(db)
  if (!entry) {
    entry = { board: null, loading: null }
    kept.set(db, entry)
  }
  const { board } = entry
  const current = board !== null && board.periods.day.startsOn === periodStart('day', nowMs)
  if (current && nowMs - board.loadedAt < maxAgeMs) return board
  const holder = entry
  holder.loading ??= loadBoard(db, nowMs).finally(() => {
    holder.loading = null
  })
  const loading = holder.loading.then((fresh) => {
    if (!holder.board || fresh.loadedAt >= holder.board.loadedAt) holder.board = fresh
    return fresh
  })
  if (current && mayServeStale(nowMs - board.loadedAt, maxAgeMs)) {
    loading.catch(() => {})
    return board
  }
  const fresh = await loading
  // A read begun before the day turned holds the day before: read again for this one.
  return fresh.periods.day.startsOn === periodStart('day', nowMs)
    ? fresh
    : scoreBoard(db, nowMs, maxAgeMs)
}

/** A period's order within one genre (null: every genre), made once per board. */
export function genreOrder(board: PeriodBoard, genreId: number | null): BoardEntry[] {
  if (genreId === null) return board.order
  let order = board.byGenre.get(genreId)
  if (!order) {
    order = board.order.filter((e) => e.genreId === genreId)
    board.byGenre.set(genreId, order)
  }
  return order
}
