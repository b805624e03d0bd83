import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/index.ts'
import { aggregateDueWeeks, aggregateWeek } from '../../server/services/rankings/grades.ts'
import { addDays } from '../../server/services/rankings/weeks.ts'
import { roomGrade } from '../../server/services/rankings/standing.ts'
import { gradeAfterWeek } from '../../src/domain/grades.ts'
import { MEDALS } from '../../src/domain/medals.ts'
import { POSTGRES_URL, openTestDatabase, testEngines, type TestDatabase } from './harness.ts'

/** A Monday long past, so no live of the demo counts in it. */
const WEEK = '2026-01-05'
const DAY_MS = 86_400_000

describe.each(await testEngines())('weekly grade aggregation on %s', (engine) => {
  let database: TestDatabase
  /** A second connection pool on the same data, as a second process has (PostgreSQL). */
  let other: TestDatabase['db']
  let closeOther = async () => {}
  const db = () => database.db
  let rooms: number[] = []

  beforeAll(async () => {
    database = await openTestDatabase(engine)
    other = database.db
    if (engine === 'postgres') {
      const search = await database.db
        .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
        .executeTakeFirstOrThrow()
      const second = await openDatabase({
        databaseUrl: database.databaseUrl ?? POSTGRES_URL,
        schema: search.schema,
      })
      other = second.db
      closeOther = () => second.close()
    }
    const genre = await db().selectFrom('genres').select('id').executeTakeFirstOrThrow()
    // Rooms made before the week: [grade held, the week's score], at and beside the borders.
    const cases: Array<[number, number]> = [
      [1, 1_000], // E's up border: rises
      [1, 999], // just under it: stays
      [2, 499], // under D's keep border: drops
      [2, 500], // at it: stays
      [2, 4_000], // D's up border: rises to C (a grade medal)
      [7, 1_000_000], // the top grade cannot rise
      [1, 0], // the first grade cannot drop
    ]
    const made = await db()
      .insertInto('rooms')
      .values(
        cases.map((_, i) => ({
          room_url_key: `grade_${engine}_${i}`,
          room_name: `グレード${i}`,
          main_name: `グレード${i}`,
          owner_user_id: null,
          genre_id: genre.id,
          created_at: new Date('2025-12-01T00:00:00Z'),
        })),
      )
      .returning('id')
      .execute()
    rooms = made.map((r) => r.id)
    await db()
      .insertInto('room_grades')
      .values(
        cases.map(([grade], i) => ({ room_id: rooms[i] ?? 0, grade_id: grade, since_week: WEEK })),
      )
      .execute()
    await db()
      .insertInto('room_scores')
      .values(
        cases.map(([, score], i) => ({
          room_id: rooms[i] ?? 0,
          period: 'week' as const,
          starts_on: WEEK,
          free_points: score,
        })),
      )
      .execute()
  })
  afterAll(async () => {
    await closeOther()
    await database.drop()
  })

  const gradesOf = async () => {
    const rows = await db()
      .selectFrom('room_grades')
      .select(['room_id', 'grade_id'])
      .where('room_id', 'in', rooms)
      .execute()
    return rooms.map((id) => rows.find((r) => r.room_id === id)?.grade_id)
  }

  it('moves each room once by its week, whether run twice or from two processes at once', async () => {
    const runs = await Promise.all([
      aggregateWeek(db(), WEEK),
      aggregateWeek(other, WEEK),
      aggregateWeek(db(), WEEK),
    ])
    expect(runs.filter(Boolean)).toHaveLength(1)
    expect(await aggregateWeek(other, WEEK)).toBe(false)
    // The database's rule is the domain's rule, border by border.
    expect(await gradesOf()).toEqual([2, 1, 1, 2, 3, 7, 1])
    const history = await db()
      .selectFrom('room_grade_history')
      .select(['room_id', 'grade_before', 'grade_after', 'score'])
      .where('room_id', 'in', rooms)
      .orderBy('room_id')
      .execute()
    expect(history).toHaveLength(rooms.length)
    for (const h of history) {
      expect(h.grade_after).toBe(gradeAfterWeek(h.grade_before, Number(h.score)))
    }
    const medals = await db()
      .selectFrom('medals')
      .select(['owner_id', 'ref_id'])
      .where('medal_id', '=', MEDALS.grade.id)
      .where('owner_id', 'in', rooms)
      .execute()
    expect(medals).toEqual([{ owner_id: rooms[4], ref_id: 3 }])
    const done = await db().selectFrom('grade_aggregations').selectAll().execute()
    expect(done.map((d) => d.week_starts_on.toISOString().slice(0, 10))).toEqual([WEEK])
  })

  it('catches up every week it missed, oldest first; a week without a score drops a room', async () => {
    // Three weeks after WEEK ended: the two weeks since were never aggregated.
    const nowMs = Date.parse(`${addDays(WEEK, 21)}T03:00:00Z`) + DAY_MS / 2
    expect(await aggregateDueWeeks(db(), nowMs)).toEqual([addDays(WEEK, 7), addDays(WEEK, 14)])
    expect(await aggregateDueWeeks(other, nowMs)).toEqual([])
    // No score in either week: D (2) drops to E; C (3) to D then E; the top grade drops one a week.
    expect(await gradesOf()).toEqual([1, 1, 1, 1, 1, 5, 1])
  })

  it('the grade page says the aggregation is still to come from the first second of Monday', async () => {
    const room = rooms[0] ?? 0
    const at = (iso: string) => roomGrade(db(), room, { nowMs: Date.parse(iso), origin: '' })
    // WEEK + 14 is the last week aggregated: during the week after, it is settled.
    const settled = await at(`${addDays(WEEK, 21)}T12:00:00+09:00`)
    expect(settled).toMatchObject({ aggregation_status: 0, exist_last_week_room_grade: true })
    // The next Monday, one second in (within the job's grace): not yet aggregated, and it says so.
    const monday = await at(`${addDays(WEEK, 28)}T00:00:01+09:00`)
    expect(monday).toMatchObject({ aggregation_status: 1, exist_last_week_room_grade: false })
    expect(monday.remaining_seconds).toBe(7 * 86_400 - 1)
  })
})
