import { gradeOf } from '../../../src/domain/grades.ts'
import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type {
  ConfirmationAbstraction,
  ConfirmationDescription,
  EventAbstraction,
  EventConditions,
  EventDescription,
  EventPhase,
  EventResultAnswer,
  EventSummary,
} from '../../../src/contract/event-pages.ts'
import { EVENT_TYPE, type EventType } from '../../../src/domain/events.ts'
import { eventDivisions, type EventRow } from './ranking.ts'

export const EVENT_TYPE_NAME: Record<EventType, string> = {
  [EVENT_TYPE.ranking]: 'ranking',
  [EVENT_TYPE.quest]: 'quest',
  [EVENT_TYPE.block]: 'block',
}

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/**
 * Where an event is at `nowMs`: upcoming before started_at, ongoing until ended_at, then ended
 * until the freezing job sets finalized_at (finalize.ts), finalized after.
 */
export function eventPhase(
  event: Pick<EventRow, 'started_at' | 'ended_at' | 'finalized_at'>,
  nowMs: number,
): EventPhase {
  if (nowMs < event.started_at.getTime()) return 'upcoming'
  if (nowMs < event.ended_at.getTime()) return 'ongoing'
  return event.finalized_at ? 'finalized' : 'ended'
}

/** Applications are taken: the entry window is open and the event has not ended. */
export const isEntryOpen = (event: EventRow, nowMs: number) =>
  event.entry_starts_at.getTime() <= nowMs &&
  nowMs < event.entry_ends_at.getTime() &&
  nowMs < event.ended_at.getTime()

/** Approved rooms of each event. */
export async function approvedCounts(db: Db, eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('event_entries')
    .select(['event_id', sql<string>`count(*)`.as('n')])
    .where('event_id', 'in', eventIds)
    .where('status', '=', 'approved')
    .groupBy('event_id')
    .execute()
  return new Map(rows.map((r) => [r.event_id, Number(r.n)]))
}

/** An event as the lists and the page's head show it. */
export function eventSummary(event: EventRow, totalEntries: number, nowMs: number): EventSummary {
  return {
    event_id: event.id,
    event_url_key: event.url_key,
    event_name: event.name,
    event_url: `/event/${event.url_key}`,
    image: event.image,
    event_type: EVENT_TYPE_NAME[event.event_type],
    started_at: seconds(event.started_at),
    ended_at: seconds(event.ended_at),
    phase: eventPhase(event, nowMs),
    total_entries: totalEntries,
  }
}

const conditions = (event: EventRow): EventConditions => ({
  min_follower_num: event.min_follower_num,
  min_grade_id: event.min_grade_id,
  min_grade_name: event.min_grade_id > 0 ? gradeOf(event.min_grade_id).name : '',
})

/** `abstraction`: the head of the event page. */
export async function eventAbstraction(
  db: Db,
  event: EventRow,
  nowMs: number,
): Promise<EventAbstraction> {
  const [counts, organizer, divisions] = await Promise.all([
    approvedCounts(db, [event.id]),
    event.organizer_user_id === null
      ? undefined
      : db
          .selectFrom('users')
          .select('name')
          .where('id', '=', event.organizer_user_id)
          .executeTakeFirst(),
    eventDivisions(db, event),
  ])
  return {
    ...eventSummary(event, counts.get(event.id) ?? 0, nowMs),
    organizer_name: organizer?.name ?? '',
    tutorial_url: event.tutorial_url,
    entry_started_at: seconds(event.entry_starts_at),
    entry_ended_at: seconds(event.entry_ends_at),
    is_entry_open: isEntryOpen(event, nowMs),
    is_point_visible_period: true,
    blocks: divisions.map((d) => ({ block_id: d.id, label: d.label })),
    remain_time: Math.max(0, seconds(event.ended_at) - Math.floor(nowMs / 1000)),
  }
}

/** `description`: what the event is, what it rewards and who may enter. */
export async function eventDescription(db: Db, event: EventRow): Promise<EventDescription> {
  const tiers = await db
    .selectFrom('event_reward_tiers')
    .select(['up_to_rank', 'reward'])
    .where('event_id', '=', event.id)
    .orderBy('up_to_rank')
    .execute()
  return {
    event_id: event.id,
    description: event.description,
    rewards: event.rewards,
    reward_tiers: tiers,
    conditions: conditions(event),
  }
}

/** `confirmation_abstraction`: the head of the confirmation page. */
export function confirmationAbstraction(event: EventRow, nowMs: number): ConfirmationAbstraction {
  return {
    event_id: event.id,
    event_name: event.name,
    event_url: `/event/${event.url_key}`,
    image: event.image,
    started_at: seconds(event.started_at),
    ended_at: seconds(event.ended_at),
    entry_started_at: seconds(event.entry_starts_at),
    entry_ended_at: seconds(event.entry_ends_at),
    is_entry_open: isEntryOpen(event, nowMs),
    conditions: conditions(event),
  }
}

/** `confirmation_description`: the terms an owner agrees to, and the rewards. */
export const confirmationDescription = (event: EventRow): ConfirmationDescription => ({
  event_id: event.id,
  terms: event.terms,
  rewards: event.rewards,
})

/**
 * `result`: the frozen standings of a finalized event (final_rank, set by the freezing job),
 * each with the reward recorded for it. Null before the event is finalized. A block event ranks
 * within divisions, so its list holds each division's first, then each one's second, and so on.
 */
export async function eventResult(db: Db, event: EventRow): Promise<EventResultAnswer | null> {
  if (!event.finalized_at) return null
  const rows = await db
    .selectFrom('event_entries')
    .innerJoin('rooms', 'rooms.id', 'event_entries.room_id')
    .leftJoin('event_rewards', (join) =>
      join
        .onRef('event_rewards.event_id', '=', 'event_entries.event_id')
        .onRef('event_rewards.room_id', '=', 'event_entries.room_id'),
    )
    .select([
      'event_entries.room_id',
      'event_entries.final_rank',
      'event_entries.point',
      'rooms.room_name',
      'event_rewards.reward',
    ])
    .where('event_entries.event_id', '=', event.id)
    .where('event_entries.status', '=', 'approved')
    .where('event_entries.final_rank', 'is not', null)
    .orderBy('event_entries.final_rank')
    .orderBy('event_entries.block_division_id')
    .execute()
  return {
    finalized_at: seconds(event.finalized_at),
    ranking: rows.map((r) => ({
      rank: r.final_rank ?? 0,
      room_id: r.room_id,
      room_name: r.room_name,
      point: Number(r.point),
      reward: r.reward ?? '',
    })),
  }
}
