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
import { periodStart, type ScorePeriod } from '../../../src/domain/scores.ts'
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
}

/** The scores of a period (and genre), rooms with a score above 0, with what a row shows. */
function scored(db: Db, which: Which) {
  const period = PERIOD[which.period]
  let q = db
    .selectFrom('room_scores')
    .innerJoin('rooms', 'rooms.id', 'room_scores.room_id')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .where('room_scores.period', '=', period)
    .where('room_scores.starts_on', '=', sql<Date>`${periodStart(period, which.nowMs)}::date`)
    .where('room_scores.score', '>', sql<string>`0`)
  if (which.genreId !== null) q = q.where('rooms.genre_id', '=', which.genreId)
  return q
}

type Row = {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  genre_id: number
  genre_name: string
  score: string
  is_onlive: boolean
}

const shape = (r: Row, rank: number, origin: string, badges: BadgeBoard): RankedRoom => ({
  rank,
  room_id: r.room_id,
  room_url_key: r.room_url_key,
  room_name: r.room_name,
  main_name: r.main_name,
  image: `${origin}/img/room/${r.room_id}.svg`,
  genre_id: r.genre_id,
  genre_name: r.genre_name,
  score: Number(r.score),
  is_onlive: r.is_onlive,
  badge: badges.room(r.room_id),
})

const columns = [
  'rooms.id as room_id',
  'rooms.room_url_key',
  'rooms.room_name',
  'rooms.main_name',
  'rooms.genre_id',
  'genres.name as genre_name',
  'room_scores.score',
  sql<boolean>`exists (select 1 from lives where lives.room_id = rooms.id and lives.ended_at is null)`.as(
    'is_onlive',
  ),
] as const

/** One page of a ranking: more score first, then the lower room id (the rank is the place). */
export async function genreRanking(
  db: Db,
  which: Which & { page: number },
): Promise<GenreRankingAnswer> {
  const offset = (which.page - 1) * RANKING_PAGE_SIZE
  const [rows, total, badges] = await Promise.all([
    scored(db, which)
      .select([...columns])
      .orderBy('room_scores.score', 'desc')
      .orderBy('rooms.id')
      .limit(RANKING_PAGE_SIZE)
      .offset(offset)
      .execute(),
    scored(db, which)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    badgeBoard(db, which.nowMs),
  ])
  const totalEntries = Number(total.n)
  return {
    genre_id: which.genreId,
    period: which.period,
    starts_on: periodStart(PERIOD[which.period], which.nowMs),
    page: which.page,
    next_page: offset + rows.length < totalEntries ? which.page + 1 : null,
    total_entries: totalEntries,
    ranking: rows.map((r, i) => shape(r, offset + i + 1, which.origin, badges)),
  }
}

/** The caller's room in a ranking: its place, or rank null while it has no score there. */
export async function myRanking(db: Db, userId: number, which: Which): Promise<MyRankingAnswer> {
  const head = {
    genre_id: which.genreId,
    period: which.period,
    starts_on: periodStart(PERIOD[which.period], which.nowMs),
  }
  const room = await db
    .selectFrom('rooms')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .select([...columns.filter((c) => c !== 'room_scores.score')])
    .where('rooms.owner_user_id', '=', userId)
    .executeTakeFirst()
  if (!room || (which.genreId !== null && room.genre_id !== which.genreId)) {
    return { ...head, room: null }
  }
  const mine = await scored(db, which)
    .select('room_scores.score')
    .where('rooms.id', '=', room.room_id)
    .executeTakeFirst()
  const badges = await badgeBoard(db, which.nowMs)
  if (!mine) {
    const unranked = shape({ ...room, score: '0' }, 0, which.origin, badges)
    return { ...head, room: { ...unranked, rank: null } }
  }
  const above = await scored(db, which)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) =>
      eb.or([
        eb('room_scores.score', '>', mine.score),
        eb.and([eb('room_scores.score', '=', mine.score), eb('rooms.id', '<', room.room_id)]),
      ]),
    )
    .executeTakeFirstOrThrow()
  const rank = Number(above.n) + 1
  return { ...head, room: shape({ ...room, score: mine.score }, rank, which.origin, badges) }
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
