import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignRankingAnswer } from '../../src/contract/campaign.ts'
import { rankingClock } from '../../server/services/campaigns/ranking.ts'
import { upsertCampaignJson } from '../../server/services/campaigns/store.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

const MIN = 60_000
const DAY = 1440 * MIN

describe('a scheduled ranking’s clock', () => {
  const period = { started_at: new Date(0), ended_at: new Date(5 * 60 * MIN) }
  it('stands at the last update and counts down to the next, until the end', () => {
    expect(rankingClock(60, period, new Date(90 * MIN))).toEqual({
      asOf: 60 * MIN,
      nextUpdateAt: 120 * MIN,
    })
    expect(rankingClock(60, period, new Date(60 * MIN))).toEqual({
      asOf: 60 * MIN,
      nextUpdateAt: 120 * MIN,
    })
    // The last update before the end has no next one; after the end it stands at the end.
    expect(rankingClock(60, period, new Date(250 * MIN))).toEqual({
      asOf: 240 * MIN,
      nextUpdateAt: null,
    })
    expect(rankingClock(60, period, new Date(9 * 60 * MIN))).toEqual({
      asOf: 300 * MIN,
      nextUpdateAt: null,
    })
    expect(rankingClock(0, period, new Date(90 * MIN))).toEqual({
      asOf: 90 * MIN,
      nextUpdateAt: null,
    })
    expect(rankingClock(0, period, new Date(900 * MIN))).toEqual({
      asOf: 300 * MIN,
      nextUpdateAt: null,
    })
  })
})

describe.each(await testEngines())('campaign rankings on %s', (engine) => {
  let server: TestServer
  let viewer: Awaited<ReturnType<typeof logInDemo>>['client']
  let live: { live_id: number; room_id: number }
  const db = () => server.database.db
  const create = async (path: string, ranking: unknown, startedAt = Date.now() - DAY) => {
    const outcome = await upsertCampaignJson(db(), {
      path,
      layout: 'liver-ranking',
      content: { ja: { title: path, summary: '', body: '' } },
      started_at: new Date(startedAt).toISOString(),
      ended_at: new Date(Date.now() + 30 * DAY).toISOString(),
      ranking,
    })
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'))
    return outcome.id
  }
  const ranking = async (id: number) => {
    const res = await server.get(`/api/campaign/ranking?campaign_id=${id}`)
    expect(res.status).toBe(200)
    return (await res.json()) as CampaignRankingAnswer
  }
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = (await logInDemo(server)).client
    live = await db()
      .selectFrom('lives')
      .select(['id as live_id', 'room_id'])
      .where('ended_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  })
  afterAll(() => server.close())

  const gift = async (giftId: number, num: number) => {
    const res = await viewer.postForm('/api/live/gifting_point_use', {
      live_id: String(live.live_id),
      gift_id: String(giftId),
      num: String(num),
    })
    expect(res.status).toBe(200)
  }

  it('moves a gift ranking on the next fetch after a gift of that gift, not of another', async () => {
    const id = await create('gifts/heart', { kind: 'gift', gift_id: 3 })
    const before = await ranking(id)
    expect(before).toMatchObject({ kind: 'gift', next_update_at: null, event: null })
    const pointOf = (a: CampaignRankingAnswer) =>
      a.ranking.find((r) => r.room_id === live.room_id)?.point ?? 0
    await gift(3, 4)
    const after = await ranking(id)
    expect(pointOf(after)).toBe(pointOf(before) + 4)
    const row = after.ranking.find((r) => r.room_id === live.room_id)
    expect(row?.is_onlive).toBe(true)
    expect(row?.image).toMatch(/\/img\/room\/\d+\.svg$/)
    await gift(5, 1)
    expect(pointOf(await ranking(id))).toBe(pointOf(before) + 4)
    // Rooms without points are left out; the rows are ranked best first.
    expect(after.ranking.every((r, i) => r.point > 0 && r.rank === i + 1)).toBe(true)
  })

  it('counts only gifts within the period, and a scheduled one only up to its last update', async () => {
    const later = await create('gifts/later', { kind: 'gift', gift_id: 3 }, Date.now() + DAY)
    expect((await ranking(later)).ranking).toEqual([])
    const start = Math.floor((Date.now() - 90 * MIN) / 1000) * 1000
    const scheduled = await create(
      'newcomers/update',
      { kind: 'newcomer', days: 90, update_every_minutes: 60 },
      start,
    )
    await gift(3, 2)
    const answer = await ranking(scheduled)
    expect(answer.as_of).toBe(start / 1000 + 3600)
    expect(answer.next_update_at).toBe(start / 1000 + 7200)
    // The gift just sent is after the last update: not counted yet.
    expect(answer.ranking.find((r) => r.room_id === live.room_id)).toBeUndefined()
  })

  it('ranks newcomers by every gift, and leaves out rooms that went live before the window', async () => {
    const id = await create('newcomers/live', { kind: 'newcomer', days: 90 }, Date.now() - MIN)
    await gift(5, 1)
    const row = (await ranking(id)).ranking.find((r) => r.room_id === live.room_id)
    expect(row?.point).toBeGreaterThanOrEqual(10)
    await db()
      .insertInto('lives')
      .values({
        room_id: live.room_id,
        started_at: new Date(Date.now() - 400 * DAY),
        ended_at: new Date(Date.now() - 399 * DAY),
        bcsvr_key: 'old:live',
      })
      .execute()
    expect((await ranking(id)).ranking.find((r) => r.room_id === live.room_id)).toBeUndefined()
  })
})
