import * as v from 'valibot'
import { Id } from './common.ts'
import { PageQuery } from './event.ts'

/**
 * SPEC §7 Events, the reads behind the event pages (`/api/event/{id|key}/...`). Times are Unix
 * seconds; the app shows them in Tokyo time. Lists page like SHOWROOM's (`page` from 1).
 */

/** Where an event is in its life: before its period, during it, after it (final once frozen). */
export type EventPhase = 'upcoming' | 'ongoing' | 'ended' | 'finalized'

/** `GET /api/event/{ref}/rooms?page=`, `/quest_rooms?page=`: 30 rooms a page. */
export const EventPageQuery = PageQuery
export type EventPageQuery = v.InferInput<typeof EventPageQuery>

/** One event in a list (on_going_events, recommend_event) and the head of its page. */
export interface EventSummary {
  event_id: number
  event_url_key: string
  event_name: string
  event_url: string
  image: string
  /** 'ranking' | 'quest' | 'block' */
  event_type: string
  started_at: number
  ended_at: number
  phase: EventPhase
  /** Rooms approved in the event. */
  total_entries: number
}

/** `GET /api/event/{ref}/abstraction`: the head of the event page. */
export interface EventAbstraction extends EventSummary {
  organizer_name: string
  tutorial_url: string
  entry_started_at: number
  entry_ended_at: number
  /** Applications are taken now (the entry window is open and the event has not ended). */
  is_entry_open: boolean
  /** Points are shown in the ranking (Kirari shows them for the whole event). */
  is_point_visible_period: boolean
  /** Block events: the divisions, in order. */
  blocks: Array<{ block_id: number; label: string }>
  /** Seconds left until the end (0 once ended), as the server's clock reads it now. */
  remain_time: number
}

/** `GET /api/event/{ref}/description`: what the event is, its rules and what it rewards. */
export interface EventDescription {
  event_id: number
  description: string
  rewards: string
  reward_tiers: Array<{ up_to_rank: number; reward: string }>
  conditions: EventConditions
}

/** Who may enter. */
export interface EventConditions {
  min_follower_num: number
  /** 0: any grade; else the lowest grade that may enter, and its name ('' for none). */
  min_grade_id: number
  min_grade_name: string
}

/** `GET /api/event/{ref}/confirmation_abstraction`: the head of the confirmation page. */
export interface ConfirmationAbstraction {
  event_id: number
  event_name: string
  event_url: string
  image: string
  started_at: number
  ended_at: number
  entry_started_at: number
  entry_ended_at: number
  is_entry_open: boolean
  conditions: EventConditions
}

/** `GET /api/event/{ref}/confirmation_description`: the terms an owner agrees to. */
export interface ConfirmationDescription {
  event_id: number
  terms: string
  rewards: string
}

/** A room as the event lists show it. */
export interface EventRoom {
  room_id: number
  room_url_key: string
  room_name: string
  image: string
  is_on_live: boolean
  /** The room's rank and points in the event (rank 0 while not approved). */
  rank: number
  point: number
  quest_level: number
  event_block_division_id: number
}

/** Pages of SHOWROOM's lists (`next_page` null on the last). */
export interface EventPaging {
  total_entries: number
  current_page: number
  first_page: number
  last_page: number
  previous_page: number | null
  next_page: number | null
}

/** `GET /api/event/{ref}/rooms?page=`: approved rooms in the order they entered. */
export interface EventRoomsAnswer extends EventPaging {
  list: EventRoom[]
  is_point_visible_period: boolean
}

/** `GET /api/event/{ref}/quest_rooms?page=`: a quest event's rooms by level, then points. */
export interface QuestRoomsAnswer extends EventPaging {
  list: Array<EventRoom & { next_level_point: number }>
}

/** `GET /api/event/{ref}/onlive_rooms`: the event's rooms on air now, best ranked first. */
export interface EventOnliveRoomsAnswer {
  onlives: Array<EventRoom & { live_id: number; started_at: number; view_num: number }>
}

/** `GET /api/event/{ref}/on_going_events`: the other events running now. */
export interface OnGoingEventsAnswer {
  events: EventSummary[]
}

/** `GET /api/recommend_event`: running and upcoming events; for an owner, those they may enter. */
export interface RecommendEventAnswer {
  events: EventSummary[]
}

/** `GET /support/get_support_users?event_id=&room_id=`: who supports a room in an event. */
export const SupportUsersQuery = v.object({ event_id: Id, room_id: Id })
export type SupportUsersQuery = v.InferInput<typeof SupportUsersQuery>

export interface SupportUsersAnswer {
  users: Array<{
    user_id: number
    name: string
    avatar_url: string
    point: number
    rank: number
  }>
  total_point: number
}

/** The event's final standings (phase 'finalized'): the result the event page shows. */
export interface EventResultAnswer {
  finalized_at: number
  ranking: Array<{
    rank: number
    room_id: number
    room_name: string
    point: number
    reward: string
  }>
}
