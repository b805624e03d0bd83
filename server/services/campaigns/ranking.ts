import type {
  CampaignRankingAnswer,
  CampaignRankingRow,
  CampaignRankingSource,
} from '../../../src/contract/campaign.ts'
import type { Db } from '../../db/index.ts'
import { boardsOf } from '../events/board.ts'
import { findEventSoon } from '../events/ranking.ts'

/** A campaign ranking shows the best 30. */
export const CAMPAIGN_RANKING_SIZE = 30

const DAY_MS = 86_400_000

/**
 * The moment a ranking stands at (ms) and its next update: a scheduled one (every N minutes from
 * the period's start) stands at its last update, capped at the end, and is next updated N minutes
 * later while that is before the end; a live one stands at `now` (capped at the end).
 */
export function rankingClock(
  everyMinutes: number,
  period: { started_at: Date; ended_at: Date },
  now: Date,
): { asOf: number; nextUpdateAt: number | null } {
  const start = period.started_at.getTime()
  const end = period.ended_at.getTime()
  const at = now.getTime()
  if (everyMinutes <= 0) return { asOf: Math.min(at, end), nextUpdateAt: null }
  const step = everyMinutes * 60_000
  const asOf = Math.min(start + Math.floor(Math.max(0, at - start) / step) * step, end)
  const next = asOf + step
  return { asOf, nextUpdateAt: next < end ? next : null }
}

interface Ranked {
  room_id: number
  point: number
}

/** The rooms' names, pictures and whether each is on air, in the ranked order; no points, no row. */
async function rows(db: Db, ranked: Ranked[], origin: string): Promise<CampaignRankingRow[]> {
  const scored = ranked.filter((r) => r.point > 0).slice(0, CAMPAIGN_RANKING_SIZE)
  if (scored.length === 0) return []
  const rooms = await db
    .selectFrom('rooms')
    .leftJoin('lives', (join) =>
      join.onRef('lives.room_id', '=', 'rooms.id').on('lives.ended_at', 'is', null),
    )
    .select([
      'rooms.id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.main_name',
      'lives.id as live_id',
    ])
    .where(
      'rooms.id',
      'in',
      scored.map((r) => r.room_id),
    )
    .execute()
  const byId = new Map(rooms.map((r) => [r.id, r]))
  return scored.flatMap((r, i) => {
    const room = byId.get(r.room_id)
    if (!room) return []
    return [
      {
        rank: i + 1,
        room_id: room.id,
        room_url_key: room.room_url_key,
        room_name: room.room_name,
        main_name: room.main_name,
        image: `${origin}/img/room/${room.id}.svg`,
        point: r.point,
        is_onlive: room.live_id !== null,
      },
    ]
  })
}

/**
 * Rooms by the points of the gifts they received within [from, to) — one gift's, or every gift's
 * for rooms whose first live started at `firstLiveFrom` or later — best first (then lower id).
 */
async function giftPoints(
  db: Db,
  q: { from: Date; to: Date; giftId: number | null; firstLiveFrom: Date | null },
): Promise<Ranked[]> {
  if (q.to <= q.from) return []
  const { giftId, firstLiveFrom } = q
  const sums = await db
    .selectFrom('gift_logs')
    .innerJoin('lives', 'lives.id', 'gift_logs.live_id')
    .select((eb) => ['lives.room_id', eb.fn.sum<string>('gift_logs.point').as('point')])
    .where('gift_logs.created_at', '>=', q.from)
    .where('gift_logs.created_at', '<', q.to)
    .$if(giftId !== null, (qb) => qb.where('gift_logs.gift_id', '=', giftId ?? 0))
    .$if(firstLiveFrom !== null, (qb) =>
      qb.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('lives as earlier')
              .select('earlier.id')
              .whereRef('earlier.room_id', '=', 'lives.room_id')
              .where('earlier.started_at', '<', firstLiveFrom ?? q.from),
          ),
        ),
      ),
    )
    .groupBy('lives.room_id')
    .having((eb) => eb.fn.sum('gift_logs.point'), '>', 0)
    .orderBy('point', 'desc')
    .orderBy('lives.room_id')
    .limit(CAMPAIGN_RANKING_SIZE)
    .execute()
  return sums.map((s) => ({ room_id: s.room_id, point: Number(s.point) }))
}

/**
 * `GET /api/campaign/ranking?campaign_id=`: the ranking a campaign shows, as of `now` (or its last
 * scheduled update). Null when there is no such campaign or it shows no ranking.
 */
export async function campaignRanking(
  db: Db,
  campaignId: number,
  now: Date,
  origin: string,
): Promise<CampaignRankingAnswer | null> {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['ranking', 'started_at', 'ended_at'])
    .where('id', '=', campaignId)
    .executeTakeFirst()
  const source: CampaignRankingSource | null | undefined = campaign?.ranking
  if (!campaign || !source) return null
  if (source.kind === 'event') {
    const event = await findEventSoon(db, source.event_id)
    const board = event ? await boardsOf(db).get(event.id) : null
    const ranked = (board?.all ?? []).map((r) => ({ room_id: r.roomId, point: r.point }))
    return {
      kind: 'event',
      as_of: Math.floor(Math.min(now.getTime(), campaign.ended_at.getTime()) / 1000),
      next_update_at: null,
      ranking: await rows(db, ranked, origin),
      event: event
        ? { event_id: event.id, event_url_key: event.url_key, event_name: event.name }
        : null,
    }
  }
  const clock = rankingClock(source.update_every_minutes, campaign, now)
  const ranked = await giftPoints(db, {
    from: campaign.started_at,
    to: new Date(clock.asOf),
    giftId: source.kind === 'gift' ? source.gift_id : null,
    firstLiveFrom:
      source.kind === 'newcomer'
        ? new Date(campaign.started_at.getTime() - source.days * DAY_MS)
        : null,
  })
  return {
    kind: source.kind,
    as_of: Math.floor(clock.asOf / 1000),
    next_update_at: clock.nextUpdateAt === null ? null : Math.floor(clock.nextUpdateAt / 1000),
    ranking: await rows(db, ranked, origin),
    event: null,
  }
}
