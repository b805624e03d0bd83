import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { periodStart } from '../../../src/domain/scores.ts'
import { addDays, previousWeek } from './weeks.ts'

/**
 * Every room's grade this week and last week's aggregation, in memory: grades change once a week,
 * so the SHOWRANK reads them from here instead of the database per request. Read again after a
 * minute, when the week turns, or at once after this process aggregated (forgetGrades).
 */
export interface GradeBoard {
  loadedAt: number
  /** The week (Monday) the grades hold for. */
  week: string
  /** The week that ended has been aggregated. */
  settled: boolean
  rooms: Map<number, GradeRow>
}

export interface GradeRow {
  official: boolean
  /** null: the room has no grade row yet (it holds the first grade). */
  gradeId: number | null
  lastWeek: { before: number; after: number; score: number } | null
}

export const GRADE_BOARD_MS = 60_000

async function loadGrades(db: Db, nowMs: number): Promise<GradeBoard> {
  const loadedAt = Date.now()
  const week = periodStart('week', nowMs)
  const [rows, done] = await Promise.all([
    sql<{
      id: number
      is_official: boolean
      grade_id: number | null
      grade_before: number | null
      grade_after: number | null
      score: string | null
    }>`
      select r.id, r.is_official, g.grade_id, h.grade_before, h.grade_after, h.score
      from rooms r
      left join room_grades g on g.room_id = r.id
      left join room_grade_history h
        on h.room_id = r.id and h.week_starts_on = ${addDays(week, -7)}::date`.execute(db),
    db
      .selectFrom('grade_aggregations')
      .select('rooms')
      .where('week_starts_on', '=', sql<Date>`${previousWeek(nowMs)}::date`)
      .executeTakeFirst(),
  ])
  const rooms = new Map<number, GradeRow>()
  for (const r of rows.rows) {
    rooms.set(r.id, {
      official: r.is_official,
      gradeId: r.grade_id,
      lastWeek:
        r.grade_before === null || r.grade_after === null
          ? null
          : { before: r.grade_before, after: r.grade_after, score: Number(r.score ?? 0) },
    })
  }
  return { loadedAt, week, settled: done !== undefined, rooms }
}

const kept = new WeakMap<Db, Promise<GradeBoard>>()

/** The grade board of `db`, read again when a minute old or from another week. */
export async function gradeBoard(db: Db, nowMs: number): Promise<GradeBoard> {
  const held = kept.get(db)
  if (held) {
    const board = await held
    if (nowMs - board.loadedAt < GRADE_BOARD_MS && board.week === periodStart('week', nowMs))
      return board
    if (kept.get(db) !== held) return gradeBoard(db, nowMs)
  }
  const loading = loadGrades(db, nowMs)
  kept.set(db, loading)
  loading.catch(() => {
    if (kept.get(db) === loading) kept.delete(db)
  })
  return loading
}

/** Drops the kept board (this process has just aggregated a week). */
export const forgetGrades = (db: Db) => kept.delete(db)
