import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { IDEMPOTENCY_QUOTA } from '../../server/services/idempotency.ts'
import { TestClient } from './client.ts'
import { testEngines } from './harness.ts'
import {
  errorTypeOf,
  giftRequest,
  goldOf,
  sendGift,
  useGiftServer,
} from './idempotency-fixtures.ts'

/**
 * What a caller may keep (issue #50): a quota of idempotency keys per user and per address of
 * anonymous callers, and no anonymous refusal kept at all.
 */

describe.each(await testEngines())('idempotency keys per caller on %s', (engine) => {
  const suite = useGiftServer(engine)
  const db = () => suite.server.database.db
  const gold = () => goldOf(suite.server, suite.userId)
  /** A paid gift (gift 3: 1 gold), with `key` as its Idempotency-Key. */
  const gift = async (key: string | null) =>
    sendGift(suite.viewer, await giftRequest(suite.viewer, suite.liveId, key))
  /** A keyed POST to a path no route takes (404), as `client`. */
  const missing = async (client: TestClient, key: string) => {
    const response = await client.request('/api/no_such_call', {
      method: 'POST',
      headers: { 'idempotency-key': key, 'x-csrf-token': await client.csrf() },
    })
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    }
  }
  const kept = async (key: string) =>
    db().selectFrom('idempotency_keys').select('state').where('key', '=', key).executeTakeFirst()
  /** `count` answered keys held by `caller`, made `ageMs` ago; removed by the returned function. */
  const holdKeys = async (caller: string, count: number, ageMs: number) => {
    const prefix = `filler-${crypto.randomUUID()}-`
    const at = new Date(Date.now() - ageMs)
    await sql`insert into idempotency_keys
        (scope, key, fingerprint, state, status, caller, created_at, claimed_at)
      select ${caller}, ${prefix} || g, 'f', 'done', 200, ${caller}, ${at}, ${at}
      from generate_series(1, ${count}) as g`.execute(db())
    return async () => {
      await db().deleteFrom('idempotency_keys').where('key', 'like', `${prefix}%`).execute()
    }
  }

  it('an anonymous caller’s refusal is not kept; a signed-in caller’s still is', async () => {
    const key = `anon-404-${crypto.randomUUID()}`
    expect((await missing(new TestClient(suite.server.url), key)).status).toBe(404)
    expect(await kept(key)).toBeUndefined()
    const mine = `user-404-${crypto.randomUUID()}`
    expect((await missing(suite.viewer, mine)).status).toBe(404)
    expect(await kept(mine)).toEqual({ state: 'done' })
  })

  it('a user at the quota gets 429 for a new key and spends nothing; a held key still replays', async () => {
    const held = `before-quota-${crypto.randomUUID()}`
    const first = await gift(held)
    expect(first.status).toBe(200)
    const { count } = await db()
      .selectFrom('idempotency_keys')
      .select(sql<string>`count(*)::text`.as('count'))
      .where('caller', '=', `user:${suite.userId}`)
      .executeTakeFirstOrThrow()
    // The rest of the quota but one; the oldest leaves the day in an hour.
    const release = await holdKeys(
      `user:${suite.userId}`,
      IDEMPOTENCY_QUOTA.user - Number(count) - 1,
      23 * 3600_000,
    )
    try {
      expect((await gift(`last-${crypto.randomUUID()}`)).status).toBe(200)
      const before = await gold()
      const over = `over-${crypto.randomUUID()}`
      const refused = await gift(over)
      expect([refused.status, errorTypeOf(refused.body)]).toEqual([429, 'IDEMPOTENCY_KEY_QUOTA'])
      expect(Number(refused.retryAfter)).toBeGreaterThan(3500)
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600)
      expect(await kept(over)).toBeUndefined()
      expect(await gold()).toBe(before)
      // A key already held is answered as ever, and a call without a key runs as ever.
      const replay = await gift(held)
      expect([replay.status, replay.replayed, replay.body]).toEqual([200, 'true', first.body])
      expect((await gift(null)).status).toBe(200)
      expect(await gold()).toBe(before - 1)
    } finally {
      await release()
    }
    expect((await gift(`after-quota-${crypto.randomUUID()}`)).status).toBe(200)
  })

  it('anonymous callers share their address’s quota, whatever session they come with', async () => {
    const release = await holdKeys('address:127.0.0.1', IDEMPOTENCY_QUOTA.address, 60_000)
    try {
      for (const anonymous of [
        new TestClient(suite.server.url),
        new TestClient(suite.server.url),
      ]) {
        const answer = await missing(anonymous, `anon-${crypto.randomUUID()}`)
        expect([answer.status, errorTypeOf(answer.body)]).toEqual([429, 'IDEMPOTENCY_KEY_QUOTA'])
        expect(Number(answer.retryAfter)).toBeGreaterThan(86_000)
      }
      // A signed-in caller counts as themself, not as their address.
      expect((await gift(`own-${crypto.randomUUID()}`)).status).toBe(200)
    } finally {
      await release()
    }
    const after = await missing(new TestClient(suite.server.url), `anon-${crypto.randomUUID()}`)
    expect(after.status).toBe(404)
  })
})
