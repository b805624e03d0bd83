import type { Db } from '../../db/index.ts'
import type { EventRankingAnswer } from '../../../src/contract/event.ts'
import { RANKING_PER_PAGE } from '../../../src/contract/event.ts'
import { EVENT_TYPE } from '../../../src/domain/events.ts'
import { boardsOf } from './board.ts'

/** An event by id or url key, every column; undefined when there is none. */
export function findEvent(db: Db, ref: number | string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where(typeof ref === 'number' ? 'id' : 'url_key', '=', ref)
    .executeTakeFirst()
}

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEvent>>>

/** How long the ranking's reads keep an event's row: an organizer's edit shows within it. */
const EVENT_ROW_MS = 1000
type CachedRow = { until: number; row: Promise<EventRow | undefined> }
const eventRows = new WeakMap<Db, Map<string, CachedRow>>()

/** findEvent for the hot reads (the ranking): one database read a second per event and process. */
export function findEventSoon(db: Db, ref: number | string): Promise<EventRow | undefined> {
  let rows = eventRows.get(db)
  if (!rows) eventRows.set(db, (rows = new Map<string, CachedRow>()))
  const key = `${typeof ref}:${ref}`
  const now = Date.now()
  const hit = rows.get(key)
  if (hit && hit.until > now) return hit.row
  const row = findEvent(db, ref)
  // A row read before answers while the new read runs: no request waits for it.
  if (hit) {
    row.then(
      () => rows.set(key, { until: Date.now() + EVENT_ROW_MS, row }),
      () => rows.delete(key),
    )
    hit.until = now + EVENT_ROW_MS
    return hit.row
  }
  if (rows.size > 1000) rows.clear()
  rows.set(key, { until: now + EVENT_ROW_MS, row })
  row.catch(() => rows.delete(key))
  return row
}

/** A block event's divisions, in order (none for other events). */
export function eventDivisions(db: Db, event: Pick<EventRow, 'id' | 'event_type'>) {
  if (event.event_type !== EVENT_TYPE.block) return Promise.resolve([])
  return db
    .selectFrom('event_block_divisions')
    .select(['id', 'label'])
    .where('event_id', '=', event.id)
    .orderBy('id')
    .execute()
}

/**
 * `/api/event/{id|key}/ranking`: a page of 30 rooms, best first, with SHOWROOM's paging, from
 * the event's board (board.ts) — as of at least `notBefore` (ms) when a push named that moment.
 * A block event ranks within a division: `blockId`'s, the first one when absent. Null when the
 * event has no such division.
 */
export async function eventRanking(
  db: Db,
  event: Pick<EventRow, 'id' | 'event_type'>,
  q: { page: number; blockId?: number | undefined; notBefore?: number | undefined },
  viewer: { userId: number | null; origin: string },
): Promise<EventRankingAnswer | null> {
  const page = q.page
  const [divisions, board] = await Promise.all([
    eventDivisions(db, event),
    boardsOf(db).get(event.id, q.notBefore ?? 0),
  ])
  const isBlock = event.event_type === EVENT_TYPE.block
  const division = isBlock
    ? q.blockId === undefined
      ? divisions[0]
      : divisions.find((d) => d.id === q.blockId)
    : undefined
  if (isBlock && q.blockId !== undefined && !division) return null
  const ranked = board.divisions.get(division?.id ?? 0) ?? []
  const offset = (page - 1) * RANKING_PER_PAGE
  const rows = ranked.slice(offset, offset + RANKING_PER_PAGE)
  const followed =
    viewer.userId === null || rows.length === 0
      ? []
      : await db
          .selectFrom('follows')
          .select('room_id')
          .where('user_id', '=', viewer.userId)
          .where(
            'room_id',
            'in',
            rows.map((r) => r.roomId),
          )
          .execute()
  const total = ranked.length
  const lastPage = Math.max(1, Math.ceil(total / RANKING_PER_PAGE))
  return {
    ranking: rows.map((r) => ({
      rank: r.rank,
      room_id: r.roomId,
      room_image: `${viewer.origin}/img/room/${r.roomId}.svg`,
      room_name: r.roomName,
      room_url_key: r.roomUrlKey,
      room_description: r.description,
      is_on_live: r.liveKey !== null,
      is_following: followed.some((f) => f.room_id === r.roomId),
      is_official: r.isOfficial,
      point: r.point,
    })),
    total_entries: total,
    current_page: page,
    first_page: 1,
    last_page: lastPage,
    previous_page: page > 1 ? page - 1 : null,
    next_page: page < lastPage ? page + 1 : null,
    is_event_block: isBlock,
    event_block_label: division?.label ?? '',
    event_block_list: isBlock
      ? [
          {
            show_rank_label: '',
            block_list: divisions.map((d) => ({ block_id: d.id, label: d.label })),
          },
        ]
      : [],
    entry_event_block_id: division?.id ?? 0,
    is_event_gift_ranking: false,
    event_gift_ranking_list: [],
    is_event_period_ranking: false,
    event_period_ranking_list: [],
    is_point_visible_period: true,
  }
}
