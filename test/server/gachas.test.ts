import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AD_VIDEO, adMessages } from '../../server/services/ad-reward.ts'
import { pickPrizes, tokyoDayStart } from '../../server/services/gacha-rules.ts'
import { gachaMessages } from '../../server/services/gachas.ts'
import { TestClient } from './client.ts'
import {
  logInDemo,
  openTestDatabase,
  startTestServer,
  testEngines,
  type TestServer,
} from './harness.ts'

const errorOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string; error_type?: string }> | undefined)?.[0]

/** Pearson's chi-square of observed counts against weights. */
function chiSquare(observed: readonly number[], weights: readonly number[]): number {
  const n = observed.reduce((a, b) => a + b, 0)
  const total = weights.reduce((a, b) => a + b, 0)
  return observed.reduce((sum, o, i) => {
    const expected = (n * (weights[i] ?? 0)) / total
    return sum + (o - expected) ** 2 / expected
  }, 0)
}
/** The chi-square distribution's upper 0.001 points by degrees of freedom. */
const CHI2_0_001: Record<number, number> = { 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515 }

function histogram(
  table: ReadonlyArray<{ weight: number }>,
  draws: number,
  random?: (n: number) => number,
) {
  const counts = new Map<object, number>(table.map((p) => [p, 0]))
  for (const p of pickPrizes(table, draws, random)) counts.set(p, (counts.get(p) ?? 0) + 1)
  return table.map((p) => counts.get(p) ?? 0)
}

describe('the seeded prize tables and the draw', () => {
  it('100,000 draws of the paid table fit its weights (chi-square at 0.001); a skewed draw would not', async () => {
    const database = await openTestDatabase('pglite')
    try {
      const table = await database.db
        .selectFrom('gacha_prizes')
        .select(['id', 'weight'])
        .where('gacha_id', '=', 2)
        .orderBy('order_no')
        .execute()
      expect(table.length).toBeGreaterThan(2)
      const weights = table.map((p) => p.weight)
      const critical = CHI2_0_001[table.length - 1] ?? 0
      expect(chiSquare(histogram(table, 100_000, randomInt), weights)).toBeLessThan(critical)
      // The same check catches a draw that favours the first prizes (a modulo-biased source).
      const skewed = (n: number) => Math.min(n - 1, Math.floor(randomInt(n) * 0.97))
      expect(chiSquare(histogram(table, 100_000, skewed), weights)).toBeGreaterThan(critical)
    } finally {
      await database.close()
    }
  })

  it('counts a Tokyo day from midnight Tokyo time', () => {
    // 2026-11-23 00:30 in Tokyo is 2026-11-22 15:30 UTC.
    expect(tokyoDayStart(new Date('2026-11-22T15:30:00Z')).toISOString()).toBe(
      '2026-11-22T15:00:00.000Z',
    )
    expect(tokyoDayStart(new Date('2026-11-22T14:59:59Z')).toISOString()).toBe(
      '2026-11-21T15:00:00.000Z',
    )
  })
})

describe.each(await testEngines())('gacha and ad reward on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let userId: number

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    ;({ client: viewer, userId } = await logInDemo(server))
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const setGold = (gold: number, expiring_gold: number) =>
    db().updateTable('users').set({ gold, expiring_gold }).where('id', '=', userId).execute()
  const wallet = () =>
    db()
      .selectFrom('users')
      .select(['gold', 'expiring_gold'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  const lastId = async (table: 'ledger' | 'gacha_draws') =>
    (
      await db()
        .selectFrom(table)
        .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
        .executeTakeFirstOrThrow()
    ).id
  const draw = (gachaId: number, count: number, client = viewer) =>
    client.postForm(`/api/gachas/${gachaId}/draw`, { draw_count: String(count) })

  it('lists the open gachas and shows a prize table whose odds add up to 100 %', async () => {
    const list = await viewer.json('/api/gachas')
    const gachas = list.body.gachas as Array<{ gacha_id: number; kind: string; price: number }>
    expect(gachas.map((g) => g.kind)).toEqual(['free_daily', 'paid', 'limited', 'ad_reward'])
    const info = await viewer.json('/api/gachas/2')
    expect(info.status).toBe(200)
    const prizes = info.body.prizes as Array<{ probability: string; image: string }>
    const sum = prizes.reduce((s, p) => s + Number(p.probability), 0)
    expect(sum).toBeCloseTo(100, 5)
    expect(prizes.every((p) => p.image.startsWith('/img/'))).toBe(true)
    expect((await viewer.json('/api/gachas/999')).status).toBe(404)
  })

  it('50 concurrent 10-draws with gold for 20: exactly 20 succeed, every prize has its debit', async () => {
    const price10 = 10 * 50
    await setGold(19 * price10, price10)
    const sinceLedger = await lastId('ledger')
    const sinceDraw = await lastId('gacha_draws')
    const results = await Promise.all(Array.from({ length: 50 }, () => draw(2, 10)))
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(20)
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400)
      expect(errorOf(r.body)).toEqual({
        error_user_msg: gachaMessages.notEnoughGold,
        error_type: 'NOT_ENOUGH_POINT',
      })
    }
    expect(await wallet()).toEqual({ gold: 0, expiring_gold: 0 })
    const draws = await db()
      .selectFrom('gacha_draws')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '>', sinceDraw)
      .execute()
    expect(draws).toHaveLength(20)
    // Each draw: 10 prizes and 500 gold in the ledger, under its own id.
    for (const d of draws) {
      const prizes = await db()
        .selectFrom('gacha_results')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('draw_id', '=', d.id)
        .executeTakeFirstOrThrow()
      expect(prizes.n).toBe(10)
      const paid = await db()
        .selectFrom('ledger')
        .select(sql<number>`sum(gold_delta + expiring_gold_delta)::int`.as('n'))
        .where('gacha_draw_id', '=', d.id)
        .where('reason', '=', 'gacha')
        .where('gift_id', 'is', null)
        .executeTakeFirstOrThrow()
      expect(paid.n).toBe(-price10)
    }
    const spent = await db()
      .selectFrom('ledger')
      .select([
        sql<number>`coalesce(sum(gold_delta), 0)::int`.as('gold'),
        sql<number>`coalesce(sum(expiring_gold_delta), 0)::int`.as('expiring'),
      ])
      .where('user_id', '=', userId)
      .where('id', '>', sinceLedger)
      .executeTakeFirstOrThrow()
    expect(spent).toEqual({ gold: -19 * price10, expiring: -price10 })
    const body = ok[0]?.body ?? {}
    expect((body.results as unknown[]).length).toBe(10)
    expect(typeof body.remaining_point).toBe('number')
  })

  it('a draw without gold answers a clear error and changes nothing', async () => {
    await setGold(49, 0)
    const before = await lastId('gacha_draws')
    const { status, body } = await draw(2, 1)
    expect(status).toBe(400)
    expect(errorOf(body)?.error_user_msg).toBe(gachaMessages.notEnoughGold)
    expect(await lastId('gacha_draws')).toBe(before)
    expect(await wallet()).toEqual({ gold: 49, expiring_gold: 0 })
    const shown = await viewer.json('/api/gachas/2/draw/showgold')
    expect(shown.body).toMatchObject({ price: 50, price_10: 500, gold: 49, can_draw: false })
  })

  it('draws the free gacha once a Tokyo day, one at a time; prizes reach the user', async () => {
    expect((await draw(1, 10)).status).toBe(400)
    const first = await draw(1, 1)
    expect(first.status).toBe(200)
    const [prize] = first.body.results as Array<{ prize_type: string; granted_num: number }>
    expect(prize).toBeDefined()
    const second = await draw(1, 1)
    expect(errorOf(second.body)).toEqual({
      error_user_msg: gachaMessages.dailyLimit,
      error_type: 'DAILY_LIMIT',
    })
    const mine = await viewer.json('/api/gachas/1/user')
    expect(mine.body).toMatchObject({ today_count: 1, remaining_today: 0 })
    const free = await viewer.json('/api/user/free_gifts')
    expect((free.body.free_gifts as unknown[]).length).toBeGreaterThan(0)
  })

  it('pages the history newest first; goods won are listed per gacha', async () => {
    const page1 = await viewer.json('/api/gachas/user/hist?page=1')
    const hist = page1.body.hist as Array<{ gacha_id: number; prizes: unknown[] }>
    expect(hist).toHaveLength(20)
    expect(hist[0]?.gacha_id).toBe(1)
    expect(page1.body.has_next).toBe(true)
    const page2 = await viewer.json('/api/gachas/user/hist?page=2')
    expect((page2.body.hist as unknown[]).length).toBe(1)
    expect(page2.body.has_next).toBe(false)
    const goods = await viewer.json('/api/gachas/2/user/hist/goods')
    const items = goods.body.goods as Array<{ prize_type: string; num: number }>
    expect(items.every((g) => g.prize_type !== 'free_gift' && g.num > 0)).toBe(true)
    expect((await viewer.json('/api/gachas/user/hist?page=0')).status).toBe(400)
  })

  it('refuses a closed limited gacha, the ad gacha without an ad, and anonymous callers', async () => {
    await setGold(10_000, 0)
    await db()
      .updateTable('gachas')
      .set({ ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', 3)
      .execute()
    expect(errorOf((await draw(3, 1)).body)?.error_user_msg).toBe(gachaMessages.closed)
    expect(errorOf((await draw(4, 1)).body)?.error_user_msg).toBe(gachaMessages.adOnly)
    expect((await draw(999, 1)).status).toBe(404)
    const anonymous = new TestClient(server.url)
    expect((await draw(2, 1, anonymous)).status).toBe(401)
    expect((await viewer.postForm('/api/gachas/2/draw', { draw_count: '3' })).status).toBe(400)
  })

  it('ad reward: the path, a watch that must play through, one draw per watch, 3 a day', async () => {
    const path = await viewer.json('/api/ad_reward/gacha')
    expect(path.body.gacha_path).toBe('/lottery/ad_reward/4')
    expect((await viewer.json('/api/ad_reward/can_watch?gacha_id=4')).body).toEqual({
      can_watch: true,
      remaining_count: 3,
    })
    expect((await viewer.json('/api/ad_reward/can_watch?gacha_id=2')).status).toBe(404)
    const badId = await viewer.postForm('/api/ad_reward/watch/complete', { watch_id: 'short' })
    expect(badId.status).toBe(400)
    expect(errorOf(badId.body)?.error_user_msg).toContain('watch_id')

    const watchOnce = async () => {
      const started = await viewer.postForm('/api/ad_reward/watch', { gacha_id: '4' })
      expect(started.body).toMatchObject({ video_url: AD_VIDEO.url, completed: false })
      const watchId = String(started.body.watch_id)
      // Too early: the ad has not had time to play.
      const early = await viewer.postForm('/api/ad_reward/watch/complete', { watch_id: watchId })
      expect(errorOf(early.body)?.error_user_msg).toBe(adMessages.notWatched)
      const unpaid = await viewer.postForm('/api/ad_reward/gacha/reward', { watch_id: watchId })
      expect(errorOf(unpaid.body)?.error_user_msg).toBe(adMessages.notWatched)
      await db()
        .updateTable('ad_reward_watches')
        .set({ started_at: new Date(Date.now() - AD_VIDEO.durationMs - 1000) })
        .where('id', '=', watchId)
        .execute()
      const done = await viewer.postForm('/api/ad_reward/watch/complete', { watch_id: watchId })
      expect(done.body).toMatchObject({ completed: true, rewarded: false })
      return watchId
    }

    const watchId = await watchOnce()
    const gold = await wallet()
    const reward = await viewer.postForm('/api/ad_reward/gacha/reward', { watch_id: watchId })
    expect(reward.status).toBe(200)
    expect((reward.body.results as unknown[]).length).toBe(1)
    expect(await wallet()).toEqual(gold)
    const again = await viewer.postForm('/api/ad_reward/gacha/reward', { watch_id: watchId })
    expect(errorOf(again.body)?.error_user_msg).toBe(adMessages.rewarded)
    expect((await viewer.json(`/api/ad_reward/watch?watch_id=${watchId}`)).body).toMatchObject({
      completed: true,
      rewarded: true,
    })
    // Someone else's watch is not found.
    const other = new TestClient(server.url)
    await other.login('demo_liver', 'kirari-demo')
    expect((await other.json(`/api/ad_reward/watch?watch_id=${watchId}`)).status).toBe(404)

    await watchOnce()
    await watchOnce()
    const user = await viewer.json('/api/ad_reward/user')
    expect(user.body).toMatchObject({ watched_count: 3, remaining_count: 0 })
    const none = await viewer.json('/api/ad_reward/can_watch?gacha_id=4')
    expect(none.status).toBe(404)
    expect(errorOf(none.body)?.error_user_msg).toBe(adMessages.limit)
    expect((await viewer.postForm('/api/ad_reward/watch', { gacha_id: '4' })).status).toBe(404)
  })

  it('serves the house ad as MP4 with byte ranges', async () => {
    const whole = await fetch(server.url + AD_VIDEO.url)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    const size = (await whole.arrayBuffer()).byteLength
    expect(size).toBeGreaterThan(10_000)
    const part = await fetch(server.url + AD_VIDEO.url, { headers: { range: 'bytes=0-99' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`)
    expect((await part.arrayBuffer()).byteLength).toBe(100)
  })
})
