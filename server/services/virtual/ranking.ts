import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type { VirtualRankingAnswer, VirtualRankingPeriod } from '../../../src/contract/virtual.ts'
import { periodStart, tokyoDayStart, type ScorePeriod } from '../../../src/domain/scores.ts'
import { virtualRoom, virtualRooms } from './rooms.ts'

/** How many rooms the virtual ranking shows. */
export const VIRTUAL_RANKING_SIZE = 50

const PERIOD: Record<VirtualRankingPeriod, ScorePeriod> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
}

/**
 * `GET /api/virtual_liver/ranking`: the virtual rooms by the points (paid and free) they received
 * in the Tokyo day, week (from Monday) or month holding `nowMs` — the rooms' scores (migration
 * 015, kept by services/rankings/scores.ts as gifts commit) — more points first, then the lower
 * room id; a room that received none is not ranked. The best 50.
 */
export async function virtualRanking(
  db: Db,
  period: VirtualRankingPeriod,
  nowMs: number,
  origin: string,
): Promise<VirtualRankingAnswer> {
  const startsOn = periodStart(PERIOD[period], nowMs)
  const point = sql<string>`(room_scores.paid_points + room_scores.free_points)`
  const rows = await virtualRooms(db)
    .innerJoin('room_scores', 'room_scores.room_id', 'rooms.id')
    .select(point.as('point'))
    .where('room_scores.period', '=', PERIOD[period])
    .where('room_scores.starts_on', '=', sql<Date>`${startsOn}::date`)
    .where(point, '>', '0')
    .orderBy(point, 'desc')
    .orderBy('rooms.id')
    .limit(VIRTUAL_RANKING_SIZE)
    .execute()
  return {
    period,
    since: Math.floor(tokyoDayStart(startsOn) / 1000),
    ranking: rows.map((r, i) => ({
      ...virtualRoom(r, origin),
      rank: i + 1,
      point: Number(r.point),
    })),
  }
}
