import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import {
  RANKING_PAGE_SIZE,
  RANKING_PERIODS,
  type GenreRankingAnswer,
  type MyRankingAnswer,
  type RankedRoom,
  type RankingPeriod,
  type RoomGenreAnswer,
} from '../../../src/contract/ranking.ts'
import type { ScorePeriod } from '../../../src/domain/scores.ts'
import { MAX_KEPT_PAGES, genreOrder, scoreBoard, type RoomRow } from './board.ts'
import { badgeBoard, type BadgeBoard } from './badges.ts'

const PERIOD: Record<RankingPeriod, ScorePeriod> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
}

interface Which {
  /** null: every genre. */
  genreId: number | null
  period: RankingPeriod
  nowMs: number
  origin: string
  /** How old the scores' board may be (RANKING_BOARD_MS). */
  boardMs: number
}

type Row = RoomRow

const shape = (
  r: Row,
  at: { rank: number; score: number },
  origin: string,
  badges: BadgeBoard,
): RankedRoom => ({
  rank: at.rank,
  room_id: r.room_id,
  room_url_key: r.room_url_key,
  room_name: r.room_name,
  main_name: r.main_name,
  image: `${origin}/img/room/${r.room_id}.svg`,
  genre_id: r.genre_id,
  genre_name: r.genre_name,
  score: at.score,
  is_onlive: r.is_onlive,
  badge: badges.room(r.room_id),
})

/** What a ranking row shows of rooms, by id. */
function roomRows(db: Db) {
  return db
    .selectFrom('rooms')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .select([
      'rooms.id as room_id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.main_name',
      'rooms.genre_id',
      'genres.name as genre_name',
      sql<boolean>`exists (select 1 from lives where lives.room_id = rooms.id and lives.ended_at is null)`.as(
        'is_onlive',
      ),
    ])
}

/**
 * One page of a ranking (more score first, then the lower room id; the rank is the place), from
 * the scores' board (board.ts): one read of 30 rooms per page and board, shared by every caller.
 */
export async function genreRanking(
  db: Db,
  which: Which & { page: number },
): Promise<GenreRankingAnswer> {
  const board = await scoreBoard(db, which.nowMs, which.boardMs)
  const period = board.periods[PERIOD[which.period]]
  const order = genreOrder(period, which.genreId)
  const offset = (which.page - 1) * RANKING_PAGE_SIZE
  const entries = order.slice(offset, offset + RANKING_PAGE_SIZE)
  const key = `${which.period}:${which.genreId ?? 'all'}:${which.page}`
  let rows = period.pages.get(key)
  if (!rows) {
    rows =
      entries.length === 0
        ? Promise.resolve([])
        : roomRows(db)
            .where(
              'rooms.id',
              'in',
              entries.map((e) => e.roomId),
            )
            .execute()
    // Pages past the end are not kept, nor more than MAX_KEPT_PAGES of a board.
    if (entries.length > 0 && period.pages.size < MAX_KEPT_PAGES) {
      period.pages.set(key, rows)
      rows.catch(() => period.pages.delete(key))
    }
  }
  const [found, badges] = await Promise.all([rows, badgeBoard(db, which.nowMs)])
  const byId = new Map(found.map((r) => [r.room_id, r]))
  return {
    genre_id: which.genreId,
    period: which.period,
    starts_on: period.startsOn,
    page: which.page,
    next_page: offset + entries.length < order.length ? which.page + 1 : null,
    total_entries: order.length,
    ranking: entries.flatMap((e, i) => {
      const room = byId.get(e.roomId)
      return room
        ? [shape(room, { rank: offset + i + 1, score: e.score }, which.origin, badges)]
        : []
    }),
  }
}

/** The caller's room in a ranking: its place on the same board, or rank null with no score. */
export async function myRanking(db: Db, userId: number, which: Which): Promise<MyRankingAnswer> {
  const [room, board, badges] = await Promise.all([
    roomRows(db).where('rooms.owner_user_id', '=', userId).executeTakeFirst(),
    scoreBoard(db, which.nowMs, which.boardMs),
    badgeBoard(db, which.nowMs),
  ])
  const period = board.periods[PERIOD[which.period]]
  const head = { genre_id: which.genreId, period: which.period, starts_on: period.startsOn }
  if (!room || (which.genreId !== null && room.genre_id !== which.genreId)) {
    return { ...head, room: null }
  }
  const order = genreOrder(period, which.genreId)
  const at = order.findIndex((e) => e.roomId === room.room_id)
  const entry = order[at]
  if (!entry) {
    return {
      ...head,
      room: { ...shape(room, { rank: 0, score: 0 }, which.origin, badges), rank: null },
    }
  }
  return { ...head, room: shape(room, { rank: at + 1, score: entry.score }, which.origin, badges) }
}
/** The ranking's tabs: every genre in the site's order, and the periods. */
export async function rankingTabs(db: Db): Promise<RoomGenreAnswer> {
  const genres = await db
    .selectFrom('genres')
    .select(['id', 'name'])
    .orderBy('sort_order')
    .execute()
  return {
    genres: genres.map((g) => ({ genre_id: g.id, genre_name: g.name })),
    periods: [...RANKING_PERIODS],
  }
}
