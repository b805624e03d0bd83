import { sql } from 'kysely'
import type { JewelHistAnswer, JewelPoints } from '../../../src/contract/jewel.ts'
import { shiftMonth } from '../../../src/domain/jewel-months.ts'
import { GIFT_KIND } from '../../../src/domain/gifts.ts'
import { periodStart, tokyoDayStart } from '../../../src/domain/scores.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'

/**
 * Jewel history (issue #21): what a room earned from gifts, from the gift log. A "jewel" is a
 * point earned from a gift — a paid gift's points (1 gold spent = 1 point: its ledger debit is
 * exactly its log's points) and a free gift's points, kept apart; vote (enquete) gifts are
 * ballots and earn nothing, as in the room scores (rankings/scores.ts). A gift counts in the
 * Tokyo month it was sent in, as the scores count it.
 */

export const jewelMessages = {
  notOwner: 'このルームの配信者のみ閲覧できます。',
  futureMonth: 'まだ来ていない月です。',
} as const

/** How many months the bar list shows, the shown one the last. */
export const JEWEL_MONTHS = 12

export { shiftMonth }

/** When (epoch ms) the Tokyo month `YYYY-MM` begins. */
const monthStart = (month: string) => tokyoDayStart(`${month}-01`)

/** Paid and free points of gift_logs `gl` joined to gifts `g` (votes left out by the join). */
const paidSql = sql<number>`coalesce(sum(case when g.free then 0 else gl.point end), 0)::int`
const freeSql = sql<number>`coalesce(sum(case when g.free then gl.point else 0 end), 0)::int`

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** The room's owner only: 404 for no room, 403 for anyone else. */
async function requireOwner(db: Db, roomId: number, userId: number) {
  const room = await db
    .selectFrom('rooms')
    .select('owner_user_id')
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  if (room.owner_user_id !== userId) throw new ApiError(403, jewelMessages.notOwner)
}

/** `GET /api/jewel_hist`: the month's totals, its lives and the twelve months up to it. */
export async function jewelHistory(
  db: Db,
  request: { userId: number; roomId: number; month?: string | undefined; nowMs?: number },
): Promise<JewelHistAnswer> {
  const current = periodStart('month', request.nowMs ?? Date.now()).slice(0, 7)
  const month = request.month ?? current
  if (month > current) throw new ApiError(400, jewelMessages.futureMonth)
  await requireOwner(db, request.roomId, request.userId)
  const from = new Date(monthStart(month))
  const to = new Date(monthStart(shiftMonth(month, 1)))
  const yearFrom = new Date(monthStart(shiftMonth(month, 1 - JEWEL_MONTHS)))
  const gifts = () =>
    db
      .selectFrom('gift_logs as gl')
      .innerJoin('lives as l', 'l.id', 'gl.live_id')
      .innerJoin('gifts as g', (j) =>
        j.onRef('g.id', '=', 'gl.gift_id').on('g.kind', '<>', GIFT_KIND.vote),
      )
      .where('l.room_id', '=', request.roomId)
  const tokyoMonth = sql<string>`to_char((gl.created_at at time zone 'UTC') + interval '9 hours', 'YYYY-MM')`
  const [total, byLive, started, byMonth] = await Promise.all([
    gifts()
      .select([paidSql.as('paid'), freeSql.as('free')])
      .select(sql<number>`coalesce(sum(gl.num), 0)::int`.as('gifts'))
      .where('gl.created_at', '>=', from)
      .where('gl.created_at', '<', to)
      .executeTakeFirstOrThrow(),
    gifts()
      .select(['gl.live_id', paidSql.as('paid'), freeSql.as('free')])
      .select(sql<number>`count(distinct gl.user_id)::int`.as('givers'))
      .where('gl.created_at', '>=', from)
      .where('gl.created_at', '<', to)
      .groupBy('gl.live_id')
      .execute(),
    db
      .selectFrom('lives')
      .select(['id', 'started_at', 'ended_at'])
      .where('room_id', '=', request.roomId)
      .where('started_at', '<', to)
      .where((eb) =>
        eb.or([
          eb('started_at', '>=', from),
          eb('id', 'in', byLiveIds(db, request.roomId, from, to)),
        ]),
      )
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    gifts()
      .select([tokyoMonth.as('month'), paidSql.as('paid'), freeSql.as('free')])
      .where('gl.created_at', '>=', yearFrom)
      .where('gl.created_at', '<', to)
      .groupBy(tokyoMonth)
      .execute(),
  ])
  const earned = new Map(byLive.map((r) => [r.live_id, r]))
  const monthly = new Map<string, JewelPoints>(byMonth.map((r) => [r.month, r]))
  return {
    room_id: request.roomId,
    month,
    current_month: current,
    total: { paid: total.paid, free: total.free, gifts: total.gifts },
    lives: started.map((live) => {
      const e = earned.get(live.id)
      return {
        live_id: live.id,
        started_at: seconds(live.started_at),
        ended_at: live.ended_at ? seconds(live.ended_at) : null,
        paid: e?.paid ?? 0,
        free: e?.free ?? 0,
        givers: e?.givers ?? 0,
      }
    }),
    months: Array.from({ length: JEWEL_MONTHS }, (_, i) => {
      const m = shiftMonth(month, i + 1 - JEWEL_MONTHS)
      const p = monthly.get(m)
      return { month: m, paid: p?.paid ?? 0, free: p?.free ?? 0 }
    }),
  }
}

/** The room's lives with a gift logged within [from, to). */
const byLiveIds = (db: Db, roomId: number, from: Date, to: Date) =>
  db
    .selectFrom('gift_logs')
    .innerJoin('lives', 'lives.id', 'gift_logs.live_id')
    .select('gift_logs.live_id')
    .where('lives.room_id', '=', roomId)
    .where('gift_logs.created_at', '>=', from)
    .where('gift_logs.created_at', '<', to)
