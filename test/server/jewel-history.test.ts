import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JewelHistAnswer } from '../../src/contract/jewel.ts'
import { periodStart, tokyoDayStart } from '../../src/domain/scores.ts'
import { jewelMessages, shiftMonth } from '../../server/services/jewels/jewel-history.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { endLive, openLive, startLive } from '../../server/services/lives.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'

describe.each(await testEngines())('jewel history on %s', (engine) => {
  let server: TestServer
  let roomId: number
  const db = () => server.database.db
  const thisMonth = () => periodStart('month', Date.now()).slice(0, 7)

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'demo_liver_room')
      .executeTakeFirstOrThrow()
    roomId = room.id
  })
  afterAll(() => server.close())

  /** The gold (both kinds) viewers spent on gifts to the room's lives, as the ledger says. */
  const ledgerSpent = async (month: string, liveId?: number) => {
    let q = db()
      .selectFrom('ledger')
      .innerJoin('lives', 'lives.id', 'ledger.live_id')
      .select(sql<number>`coalesce(-sum(gold_delta + expiring_gold_delta), 0)::int`.as('spent'))
      .where('ledger.reason', '=', 'gift')
      .where('lives.room_id', '=', roomId)
      .where('ledger.created_at', '>=', new Date(tokyoDayStart(`${month}-01`)))
      .where('ledger.created_at', '<', new Date(tokyoDayStart(`${shiftMonth(month, 1)}-01`)))
    if (liveId !== undefined) q = q.where('ledger.live_id', '=', liveId)
    return (await q.executeTakeFirstOrThrow()).spent
  }

  const freshLive = async () => {
    const open = await openLive(db(), { roomId })
    if (open) await endLive(db(), server.hub, open)
    const live = await startLive(
      db(),
      { id: roomId },
      { restart: false, abroad: false, nowMs: Date.now() },
    )
    return { live_id: live.live_id, bcsvr_key: live.bcsvr_key }
  }

  it('adds up to the gold the ledger says viewers spent on the room, by live and by month', async () => {
    const [a = 0, b = 0] = await makeFans(db(), 'jewel_fan', 2)
    const fans = [a, b]
    const free = await db()
      .selectFrom('gifts')
      .select(['id', 'point'])
      .where('free', '=', true)
      .where('kind', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('user_free_gifts')
      .values(fans.map((user_id) => ({ user_id, gift_id: free.id, num: 10 })))
      .execute()
    const send = (userId: number, liveId: number, giftId: number, num: number, paid: boolean) =>
      sendGift(db(), server.hub, { userId, liveId, giftId, num }, paid ? 'paid' : 'free')
    const first = await freshLive()
    await send(a, first.live_id, 3, 2, true)
    await send(b, first.live_id, 5, 1, true)
    await send(a, first.live_id, free.id, 4, false)
    await endLive(db(), server.hub, first)
    const second = await freshLive()
    await send(b, second.live_id, 3, 5, true)
    await send(b, second.live_id, free.id, 3, false)

    const liver = await logInDemo(server, 'demo_liver')
    const { status, body } = await liver.client.json(`/api/jewel_hist?room_id=${roomId}`)
    expect(status).toBe(200)
    const answer = body as unknown as JewelHistAnswer
    const month = thisMonth()
    expect(answer).toMatchObject({ room_id: roomId, month, current_month: month })
    expect(answer.total.paid).toBe(await ledgerSpent(month))
    expect(answer.total.paid).toBeGreaterThan(0)
    for (const live of answer.lives) expect(live.paid).toBe(await ledgerSpent(month, live.live_id))
    const sum = (k: 'paid' | 'free') => answer.lives.reduce((s, l) => s + l[k], 0)
    expect(sum('paid')).toBe(answer.total.paid)
    expect(sum('free')).toBe(answer.total.free)
    const [second_, first_] = [second, first].map((l) =>
      answer.lives.find((x) => x.live_id === l.live_id),
    )
    expect(first_).toMatchObject({ free: 4 * free.point, givers: 2 })
    expect(first_?.ended_at).not.toBeNull()
    expect(second_).toMatchObject({ free: 3 * free.point, givers: 1, ended_at: null })
    expect(answer.lives[0]?.live_id).toBe(second.live_id)
    expect(answer.months).toHaveLength(12)
    expect(answer.months[11]).toEqual({
      month,
      paid: answer.total.paid,
      free: answer.total.free,
    })
    expect(answer.months[0]?.month).toBe(shiftMonth(month, -11))

    const last = (
      await liver.client.json(`/api/jewel_hist?room_id=${roomId}&month=${shiftMonth(month, -1)}`)
    ).body as unknown as JewelHistAnswer
    expect(last.total.paid).toBe(await ledgerSpent(shiftMonth(month, -1)))
    expect(last.months[11]?.month).toBe(shiftMonth(month, -1))
  })

  it("refuses another owner's room, a bad month and anonymous callers", async () => {
    const liver = await logInDemo(server, 'demo_liver')
    const other = await db()
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'kirari_hoshino')
      .executeTakeFirstOrThrow()
    const refused = await liver.client.json(`/api/jewel_hist?room_id=${other.id}`)
    expect(refused.status).toBe(403)
    const errors = refused.body.errors as Array<{ error_user_msg: string }> | undefined
    expect(errors?.[0]?.error_user_msg).toBe(jewelMessages.notOwner)
    const viewer = await logInDemo(server, 'demo_viewer')
    expect((await viewer.client.json(`/api/jewel_hist?room_id=${roomId}`)).status).toBe(403)
    for (const month of ['2026-13', '202601', 'x', shiftMonth(thisMonth(), 1)]) {
      const bad = await liver.client.json(`/api/jewel_hist?room_id=${roomId}&month=${month}`)
      expect(bad.status, month).toBe(400)
    }
    expect((await server.get(`/api/jewel_hist?room_id=${roomId}`)).status).toBe(401)
  })
})
