import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type { Logger } from '../../env.ts'
import { startJob, type Job } from '../jobs.ts'
import { forgetGrades } from './grade-board.ts'
import { addDays, lastEndedWeek } from './weeks.ts'
import { earnGradeMedals } from './medals.ts'
import { GRADES, STARTING_GRADE_ID } from '../../../src/domain/grades.ts'
import { periodEnd } from '../../../src/domain/scores.ts'

/** How often every process looks for a week to aggregate. */
export const GRADE_JOB_INTERVAL_MS = 60_000

/** The advisory lock every process takes to aggregate (one at a time across processes). */
const AGGREGATION_LOCK = 18_018_018

const isoOf = (d: Date) => d.toISOString().slice(0, 10)

/** The grades as a SQL table (id, keep, up) — src/domain/grades.ts is the one source. */
const gradeTable = () =>
  sql.join(GRADES.map((g) => sql`(${g.id}::int, ${g.keep}::bigint, ${g.up}::bigint)`))

/**
 * Aggregates one week, once: every room outside the official ones moves by its week's score
 * (src/domain/grades.ts gradeAfterWeek, here as one statement), its history row is written, its
 * grade for the next week set, and the grade medals earned — in one transaction, under an
 * advisory lock, so of several processes one does it and the others find it done. True when
 * this call aggregated the week.
 */
export async function aggregateWeek(db: Db, week: string): Promise<boolean> {
  const started = performance.now()
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${AGGREGATION_LOCK}::bigint)`.execute(tx)
    const done = await tx
      .selectFrom('grade_aggregations')
      .select('week_starts_on')
      .where('week_starts_on', '=', sql<Date>`${week}::date`)
      .executeTakeFirst()
    if (done) return false
    const moved = await sql`
      insert into room_grade_history (room_id, week_starts_on, grade_before, grade_after, score)
      select r.id, ${week}::date, gr.id,
        case
          when gr.up is not null and coalesce(s.score, 0) >= gr.up then gr.id + 1
          when gr.id > ${STARTING_GRADE_ID}::int and coalesce(s.score, 0) < gr.keep then gr.id - 1
          else gr.id
        end,
        coalesce(s.score, 0)
      from rooms r
      left join room_grades g on g.room_id = r.id
      join (values ${gradeTable()}) as gr (id, keep, up)
        on gr.id = coalesce(g.grade_id, ${STARTING_GRADE_ID}::int)
      left join room_scores s
        on s.room_id = r.id and s.period = 'week' and s.starts_on = ${week}::date
      where not r.is_official and r.created_at < ${new Date(periodEnd('week', week))}
      on conflict do nothing`.execute(tx)
    await sql`
      insert into room_grades (room_id, grade_id, since_week)
      select room_id, grade_after, ${addDays(week, 7)}::date
      from room_grade_history where week_starts_on = ${week}::date
      on conflict (room_id) do update set
        grade_id = excluded.grade_id, since_week = excluded.since_week, updated_at = now()`.execute(
      tx,
    )
    await earnGradeMedals(tx, week)
    await tx
      .insertInto('grade_aggregations')
      .values({
        week_starts_on: week,
        rooms: Number(moved.numAffectedRows ?? 0),
        duration_ms: Math.round(performance.now() - started),
      })
      .execute()
    return true
  })
}

/**
 * Aggregates every ended week not yet aggregated, oldest first: the weeks after the last one
 * aggregated (a process that was down catches up), or only the last ended week on a new site.
 */
export async function aggregateDueWeeks(db: Db, nowMs: number): Promise<string[]> {
  const last = lastEndedWeek(nowMs)
  const latest = await db
    .selectFrom('grade_aggregations')
    .select(sql<Date | null>`max(week_starts_on)`.as('week'))
    .executeTakeFirst()
  let week = latest?.week ? addDays(isoOf(latest.week), 7) : last
  const done: string[] = []
  for (; week <= last; week = addDays(week, 7)) {
    if (await aggregateWeek(db, week)) done.push(week)
  }
  if (done.length > 0) forgetGrades(db)
  return done
}

/** aggregateDueWeeks now and every `intervalMs`, in every process (the lock keeps it once). */
export function startGradeAggregator(deps: { db: Db; logger: Logger; intervalMs?: number }): Job {
  return startJob({
    name: 'grade aggregation',
    intervalMs: deps.intervalMs ?? GRADE_JOB_INTERVAL_MS,
    logger: deps.logger,
    run: async () => {
      const weeks = await aggregateDueWeeks(deps.db, Date.now())
      if (weeks.length > 0) deps.logger.info('room grades aggregated', { weeks })
    },
  })
}
