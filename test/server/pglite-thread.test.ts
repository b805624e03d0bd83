import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/index.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { makeFans, startTestServer, type TestServer } from './harness.ts'

/** PGlite as the server opens it: in a worker thread of its own (server/db/pglite-thread.ts). */
describe('PGlite in its own thread', () => {
  let dir: string
  let database: Database

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kirari-pglite-'))
    database = await openDatabase({ dataDir: dir })
  })
  afterAll(async () => {
    await database.close()
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('answers rows with their types, and errors with their PostgreSQL code', async () => {
    const { rows } = await sql<{ at: Date; big: bigint | string; bytes: Uint8Array }>`
      select now() as at, 9007199254740993::int8 as big, '\\x0102'::bytea as bytes`.execute(
      database.db,
    )
    const [row] = rows
    expect(row?.at).toBeInstanceOf(Date)
    expect(String(row?.big)).toBe('9007199254740993')
    expect([...(row?.bytes ?? [])]).toEqual([1, 2])
    // The migrations' own ledger: its names are unique.
    const duplicate =
      sql`insert into schema_migrations (name) values ('001_foundation.sql')`.execute(database.db)
    await expect(duplicate).rejects.toMatchObject({ code: '23505' })
  })

  it('keeps transactions whole: a failed one leaves nothing, concurrent ones all count', async () => {
    await sql`create table counter (id int primary key, n int not null)`.execute(database.db)
    await sql`insert into counter values (1, 0)`.execute(database.db)
    const failed = database.db.transaction().execute(async (tx) => {
      await sql`update counter set n = n + 100 where id = 1`.execute(tx)
      await sql`select * from no_such_table`.execute(tx)
    })
    await expect(failed).rejects.toMatchObject({ code: '42P01' })
    await Promise.all(
      Array.from({ length: 50 }, () =>
        database.db
          .transaction()
          .execute((tx) => sql`update counter set n = n + 1 where id = 1`.execute(tx)),
      ),
    )
    // A transaction that runs nothing opens and ends cleanly too.
    await database.db.transaction().execute(async () => {})
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(database.db)
    expect(rows[0]?.n).toBe(50)
  })

  it('keeps what it wrote on disk for the next start', async () => {
    await database.close()
    database = await openDatabase({ dataDir: dir })
    const { rows } = await sql<{ n: number }>`select n from counter`.execute(database.db)
    expect(rows[0]?.n).toBe(50)
  })
})

describe('gifts on PGlite in its own thread', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, undefined, { ownThread: true })
  })
  afterAll(() => server.close())

  it('100 concurrent paid gifts against gold for 50: 50 succeed, the rest take nothing', async () => {
    const db = server.database.db
    const [fan = 0] = await makeFans(db, 'thread_fan', 1, 50)
    const live = await db
      .selectFrom('lives')
      .select('id')
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow()
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        sendGift(db, server.hub, { userId: fan, liveId: live.id, giftId: 3, num: 1 }, 'paid'),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50)
    const user = await db
      .selectFrom('users')
      .select(['gold', 'expiring_gold'])
      .where('id', '=', fan)
      .executeTakeFirstOrThrow()
    expect(user.gold + user.expiring_gold).toBe(0)
    const ledger = await db
      .selectFrom('ledger')
      .select((eb) => [
        eb.fn.countAll<string>().as('rows'),
        eb.fn.sum<string>('gold_delta').as('gold'),
      ])
      .where('user_id', '=', fan)
      .where('reason', '=', 'gift')
      .executeTakeFirstOrThrow()
    expect(Number(ledger.rows)).toBe(50)
    expect(Number(ledger.gold)).toBe(-50)
    // An ended live takes no gift and no gold.
    await db.updateTable('lives').set({ ended_at: new Date() }).where('id', '=', live.id).execute()
    await db.updateTable('users').set({ gold: 10 }).where('id', '=', fan).execute()
    await expect(
      sendGift(db, server.hub, { userId: fan, liveId: live.id, giftId: 3, num: 1 }, 'paid'),
    ).rejects.toMatchObject({ status: 400 })
    const after = await db
      .selectFrom('users')
      .select('gold')
      .where('id', '=', fan)
      .executeTakeFirstOrThrow()
    expect(after.gold).toBe(10)
  })
})
