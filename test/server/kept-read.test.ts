import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodStart } from '../../src/domain/scores.ts'
import { scoreBoard } from '../../server/services/rankings/board.ts'
import { openTestDatabase, type TestDatabase } from './harness.ts'

const FRESH_MS = 3000

// Issue #40: a kept read is answered stale only while not much older than its fresh time. On a
// fresh demo, two paid gifts, 12 s later the genre ranking still said "no ranking yet": the
// request that found the board old was answered from it, however old.
describe('kept reads never show old news as new', () => {
  let database: TestDatabase
  let roomId = 0
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    roomId = (
      await database.db
        .selectFrom('rooms')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => database.drop())

  const scoreOf = (board: Awaited<ReturnType<typeof scoreBoard>>) =>
    board.periods.day.order.find((e) => e.roomId === roomId)?.score ?? 0

  it('answers a board due for a read from it only while younger than twice its fresh time', async () => {
    const start = Date.now()
    const before = scoreOf(await scoreBoard(database.db, start, FRESH_MS))
    const addPaid = () =>
      sql`insert into room_scores (room_id, period, starts_on, paid_points)
        values (${roomId}, 'day', ${periodStart('day', start)}::date, 1000)
        on conflict (room_id, period, starts_on)
        do update set paid_points = room_scores.paid_points + 1000`.execute(database.db)
    await addPaid()
    // Fresh: the kept board, without the new points.
    expect(scoreOf(await scoreBoard(database.db, start + 1000, FRESH_MS))).toBe(before)
    // Twelve seconds on: too old to show; this request waits for the read and has the points.
    expect(scoreOf(await scoreBoard(database.db, start + 12_000, FRESH_MS))).toBe(before + 3000)
    // That board, due but younger than twice its fresh time, is answered while a read runs.
    await addPaid()
    expect(scoreOf(await scoreBoard(database.db, start + 4000, FRESH_MS))).toBe(before + 3000)
  })
})
