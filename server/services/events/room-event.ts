import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type { EndAnimation, RoomEvent } from '../../../src/contract/event.ts'
import { EVENT_TYPE_NAME, seconds } from './pages.ts'
import { rankingFields, roomStanding } from './standing.ts'
import { topSupporters } from './supporters.ts'

/** How long after its end a finalized event stays on the room (its end_animation). */
const FINAL_SHOWN_MS = 24 * 3_600_000

/**
 * The event a room is in (approved) in SPEC §3's shape: its standing (rank, gap to the room
 * above, lead over the room below; before_rank is the rank itself, as nothing has moved yet for
 * this reader) and its top supporters. An ongoing event comes first (the soonest to end); else a
 * finalized one for 24 h after its end, with the room's final place as `end_animation`. Null
 * when there is neither.
 */
export async function roomEvent(db: Db, roomId: number, nowMs: number): Promise<RoomEvent | null> {
  const now = new Date(nowMs)
  const event = await db
    .selectFrom('events')
    .innerJoin('event_entries', 'event_entries.event_id', 'events.id')
    .select([
      'events.id',
      'events.url_key',
      'events.name',
      'events.description',
      'events.image',
      'events.event_type',
      'events.started_at',
      'events.ended_at',
      'events.tutorial_url',
      'events.finalized_at',
      'event_entries.final_rank',
    ])
    .where('event_entries.room_id', '=', roomId)
    .where('event_entries.status', '=', 'approved')
    .where('events.started_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('events.ended_at', '>', now),
        eb.and([
          eb('events.finalized_at', 'is not', null),
          eb('events.ended_at', '>', new Date(nowMs - FINAL_SHOWN_MS)),
        ]),
      ]),
    )
    // Ongoing before finished, then the soonest to end.
    .orderBy(sql`events.ended_at <= ${now}`)
    .orderBy('events.ended_at', 'asc')
    .executeTakeFirst()
  if (!event) return null
  const [standing, supporters] = await Promise.all([
    roomStanding(db, event.id, roomId),
    topSupporters(db, event.id, roomId, 3),
  ])
  if (!standing) return null
  const ongoing = event.ended_at > now
  const rank = event.final_rank ?? standing.rank
  // A read changes nothing: opening a room shows where it stands, without animating. Moves
  // animate as they are pushed (publish.ts); a finished event's ranking is frozen.
  const shown = { beforeRank: rank, isAnimation: 0 as const }
  const endAnimation: EndAnimation[] = []
  if (!ongoing && event.final_rank !== null) {
    const reward = await db
      .selectFrom('event_rewards')
      .select('reward')
      .where('event_id', '=', event.id)
      .where('room_id', '=', roomId)
      .executeTakeFirst()
    endAnimation.push({ rank, point: standing.point, text: reward?.reward ?? '' })
  }
  return {
    event_id: event.id,
    event_name: event.name,
    event_description: event.description,
    image: event.image,
    started_at: seconds(event.started_at),
    ended_at: seconds(event.ended_at),
    remain_time: Math.max(0, seconds(event.ended_at) - Math.floor(nowMs / 1000)),
    tutorial_url: event.tutorial_url,
    event_url: `/event/${event.url_key}`,
    additional_event_point_sum: 0,
    additional_event_points: [],
    end_animation: endAnimation,
    contribution_ranking: supporters,
    show_ranking: 1,
    ranking: { ...rankingFields({ ...standing, rank }, shown), text: '' },
    quest: { quest_level: standing.questLevel, support: { current_point: standing.point } },
    event_type: EVENT_TYPE_NAME[event.event_type],
  }
}
