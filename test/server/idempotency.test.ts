import net from 'node:net'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { markEffect, runKeyed, STALE_CLAIM_MS } from '../../server/services/idempotency.ts'
import { purgeExpired } from '../../server/services/purge.ts'
import { logInDemo, testEngines } from './harness.ts'
import {
  errorTypeOf,
  giftRequest as giftRequestOf,
  goldOf,
  sendGift,
  useGiftServer,
} from './idempotency-fixtures.ts'

/**
 * A proxy in front of the server that passes each request on and cuts the connection as the
 * answer starts to come back: the call ran, its caller never learnt how (a phone's timeout).
 */
async function answerCutter(target: string) {
  const { hostname, port } = new URL(target)
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname)
    client.pipe(upstream)
    upstream.once('data', () => {
      client.destroy()
      upstream.destroy()
    })
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  }
}

/** Gift 3's price in gold. */
const PRICE = 1

describe.each(await testEngines())('Idempotency-Key on %s', (engine) => {
  const suite = useGiftServer(engine)
  const db = () => suite.server.database.db
  const gold = () => goldOf(suite.server, suite.userId)
  const lastId = async (table: 'ledger' | 'gacha_draws') =>
    (
      await db()
        .selectFrom(table)
        .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
        .executeTakeFirstOrThrow()
    ).id
  const debits = async (since: string) =>
    db()
      .selectFrom('ledger')
      .select(['gold_delta', 'expiring_gold_delta'])
      .where('user_id', '=', suite.userId)
      .where('id', '>', since)
      .where(sql<boolean>`gold_delta + expiring_gold_delta < 0`)
      .execute()
  /** A paid gift (gift 3: 1 gold) as a form, with the key as a header. */
  const giftRequest = (key: string | null, num = 1, client = suite.viewer) =>
    giftRequestOf(client, suite.liveId, key, num)
  const gift = async (key: string | null, num = 1, client = suite.viewer) =>
    sendGift(client, await giftRequest(key, num, client))

  it('a paid gift whose answer was cut is sent again with its key: the first answer, spent once', async () => {
    const cutter = await answerCutter(suite.server.url)
    const before = await gold()
    const since = await lastId('ledger')
    const key = `gift-${crypto.randomUUID()}`
    // The first try runs on the server, but its caller sees only a broken connection.
    await expect(
      suite.viewer.on(cutter.url).request('/api/live/gifting_point_use', await giftRequest(key)),
    ).rejects.toThrow()
    await cutter.close()
    await expect.poll(async () => (await debits(since)).length).toBe(1)

    const retry = await gift(key)
    expect(retry.status).toBe(200)
    expect(retry.replayed).toBe('true')
    expect(JSON.parse(retry.body)).toHaveProperty('fan_level')
    // Once more, for good measure: the same answer again, nothing spent.
    const again = await gift(key)
    expect(again.body).toBe(retry.body)
    expect(await debits(since)).toHaveLength(1)
    expect(await gold()).toBe(before - PRICE)
  })

  it('ten copies racing with one key: one gift, every other copy the same answer or told to wait', async () => {
    const before = await gold()
    const since = await lastId('ledger')
    const key = crypto.randomUUID()
    const answers = await Promise.all(Array.from({ length: 10 }, () => gift(key)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    const ran = answers.filter((a) => a.status === 200 && a.replayed === null)
    expect(ran).toHaveLength(1)
    for (const a of answers.filter((a) => a.status === 200)) expect(a.body).toBe(ran[0]?.body)
    for (const a of answers.filter((a) => a.status === 409))
      expect(errorTypeOf(a.body)).toBe('IDEMPOTENCY_KEY_RUNNING')
    expect(await debits(since)).toHaveLength(1)
    expect(await gold()).toBe(before - PRICE)
  })

  it('refuses the key with another request (422) and a malformed key (400); spends nothing', async () => {
    const key = crypto.randomUUID()
    expect((await gift(key, 1)).status).toBe(200)
    const before = await gold()
    const since = await lastId('ledger')
    const other = await gift(key, 2)
    expect(other.status).toBe(422)
    expect(errorTypeOf(other.body)).toBe('IDEMPOTENCY_KEY_REUSED')
    for (const bad of ['', 'a'.repeat(256), 'quote"inside', 'two words']) {
      const answer = await gift(bad)
      expect(answer.status, bad).toBe(400)
      expect(errorTypeOf(answer.body)).toBe('IDEMPOTENCY_KEY_INVALID')
    }
    expect(await debits(since)).toHaveLength(0)
    expect(await gold()).toBe(before)
  })

  it('without a key (SHOWROOM clients) each request is a gift of its own, as always', async () => {
    const since = await lastId('ledger')
    expect((await gift(null)).status).toBe(200)
    expect((await gift(null)).status).toBe(200)
    expect(await debits(since)).toHaveLength(2)
  })

  it('a key is its caller’s: another viewer with the same key sends a gift of their own', async () => {
    const key = `shared-${crypto.randomUUID()}`
    const { client: other } = await logInDemo(suite.server, 'demo_liver')
    expect((await gift(key)).replayed).toBeNull()
    const theirs = await gift(key, 1, other)
    expect(theirs.status).toBe(200)
    expect(theirs.replayed).toBeNull()
  })

  it('a gacha draw replayed with its key draws once', async () => {
    const since = await lastId('gacha_draws')
    const draw = async () => {
      const response = await suite.viewer.request('/api/gachas/2/draw', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': '"draw-1"',
        },
        body: new URLSearchParams({
          draw_count: '1',
          csrf_token: await suite.viewer.csrf(),
        }).toString(),
      })
      return { status: response.status, body: await response.text() }
    }
    const first = await draw()
    expect(first.status).toBe(200)
    expect(await draw()).toEqual(first)
    const draws = await db()
      .selectFrom('gacha_draws')
      .select('id')
      .where('user_id', '=', suite.userId)
      .where('id', '>', since)
      .execute()
    expect(draws.length).toBeGreaterThan(0)
    // A 1-draw is one row: the replay added none.
    expect(draws).toHaveLength(1)
  })

  /** A claim as a process left it when it died: copied from a real gift's key, then set back. */
  const leftClaim = async (state: 'pending' | 'effected', ageMs: number) => {
    const model = `model-${crypto.randomUUID()}`
    expect((await gift(model)).status).toBe(200)
    const { fingerprint } = await db()
      .selectFrom('idempotency_keys')
      .select('fingerprint')
      .where('key', '=', model)
      .executeTakeFirstOrThrow()
    const key = `left-${crypto.randomUUID()}`
    const at = new Date(Date.now() - ageMs)
    await db()
      .insertInto('idempotency_keys')
      .values({
        scope: `user:${suite.userId}`,
        key,
        fingerprint,
        token: 'dead',
        created_at: at,
        claimed_at: at,
      })
      .execute()
    if (state === 'effected') {
      await db().updateTable('idempotency_keys').set({ state }).where('key', '=', key).execute()
    }
    return key
  }

  it('a claim whose process died before its work committed: a retry runs it once, after the claim is stale', async () => {
    const fresh = await leftClaim('pending', 0)
    const stale = await leftClaim('pending', STALE_CLAIM_MS + 1000)
    const before = await gold()
    const since = await lastId('ledger')
    // A claim this young may still be running somewhere: wait.
    const waiting = await gift(fresh)
    expect([waiting.status, errorTypeOf(waiting.body)]).toEqual([409, 'IDEMPOTENCY_KEY_RUNNING'])
    // A stale one changed nothing: the retry takes it over and runs it, then replays its answer.
    const taken = await gift(stale)
    expect([taken.status, taken.replayed]).toEqual([200, null])
    expect((await gift(stale)).body).toBe(taken.body)
    expect(await debits(since)).toHaveLength(1)
    expect(await gold()).toBe(before - PRICE)
  })

  it('a claim whose process died after its work committed: never run again, the caller told it was done', async () => {
    const young = await leftClaim('effected', 0)
    const key = await leftClaim('effected', STALE_CLAIM_MS + 1000)
    const before = await gold()
    const since = await lastId('ledger')
    // Work done a moment ago: its call may still be answering, so a copy waits for that answer.
    const waiting = await gift(young)
    expect([waiting.status, errorTypeOf(waiting.body)]).toEqual([409, 'IDEMPOTENCY_KEY_RUNNING'])
    for (let i = 0; i < 2; i++) {
      const retry = await gift(key)
      expect([retry.status, errorTypeOf(retry.body)]).toEqual([409, 'IDEMPOTENCY_KEY_EFFECTED'])
    }
    expect(await debits(since)).toEqual([])
    expect(await gold()).toBe(before)
  })

  it('a slow first copy whose claim was taken over cannot commit its work', async () => {
    const key = `slow-${crypto.randomUUID()}`
    await db()
      .insertInto('idempotency_keys')
      .values({ scope: `user:${suite.userId}`, key, fingerprint: 'f', token: 'the-new-claim' })
      .execute()
    const before = await gold()
    const work = runKeyed({ scope: `user:${suite.userId}`, key, token: 'the-old-claim' }, () =>
      db()
        .transaction()
        .execute(async (tx) => {
          await tx.updateTable('users').set({ gold: 0 }).where('id', '=', suite.userId).execute()
          await markEffect(tx)
        }),
    )
    await expect(work).rejects.toMatchObject({ status: 409 })
    expect(await gold()).toBe(before)
    // Its own claim marks the work done in the same commit.
    await runKeyed({ scope: `user:${suite.userId}`, key, token: 'the-new-claim' }, () =>
      db()
        .transaction()
        .execute((tx) => markEffect(tx)),
    )
    const row = await db()
      .selectFrom('idempotency_keys')
      .select('state')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
    expect(row.state).toBe('effected')
  })

  it('a failed call leaves its key free, and a day-old key is purged', async () => {
    // A gift to a live that does not exist is refused without spending (a kept 4xx answer)…
    const key = crypto.randomUUID()
    const refused = await suite.viewer.request('/api/live/gifting_point_use', {
      ...(await giftRequest(key)),
      body: new URLSearchParams({
        live_id: '999999',
        gift_id: '3',
        num: '1',
        csrf_token: await suite.viewer.csrf(),
      }).toString(),
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    // …and a session's refused token (403) keeps nothing: the key still runs a gift later.
    const stale = await suite.viewer.request('/api/live/gifting_point_use', {
      ...(await giftRequest('after-403')),
      body: new URLSearchParams({
        live_id: String(suite.liveId),
        gift_id: '3',
        num: '1',
      }).toString(),
    })
    expect(stale.status).toBe(403)
    expect((await gift('after-403')).replayed).toBeNull()

    const kept = await db().selectFrom('idempotency_keys').select('key').execute()
    expect(kept.length).toBeGreaterThan(0)
    const purged = await purgeExpired(db(), new Date(Date.now() + 25 * 60 * 60_000))
    expect(purged.idempotency_keys).toBe(kept.length)
    expect(await db().selectFrom('idempotency_keys').select('key').execute()).toEqual([])
  })
})
