import * as v from 'valibot'
import { FormField, Id, Text } from './common.ts'
import type { EntryStatus } from '../domain/events.ts'

/**
 * SPEC §7 Events, the writes: an owner applies (`/api/event_entry`), an organizer runs their
 * events (`/api/organizer/events...`, Kirari's calls: SHOWROOM's organizer tools are not public).
 */

/** An owner's entry in an event, as they see it. */
export interface EntryState {
  status: EntryStatus
  /** Why an organizer refused it ('' otherwise). */
  refused_reason: string
}

/**
 * `GET /api/event/{ref}/can_apply`: whether the caller's room may enter. `reason` is the message
 * the page shows when it may not (not an owner, the window is closed, a condition unmet, …).
 */
export interface CanApplyAnswer {
  can_apply: boolean
  reason: string | null
  room_id: number | null
  entry: EntryState | null
}

/** `POST /api/event_entry` {event_id, agree: 1}: the owner's room applies. */
export const EntryBody = v.object({
  event_id: Id,
  /** The owner read the terms (the confirmation page's box): required. */
  agree: v.pipe(
    v.union([v.literal('1'), v.literal(1), v.literal(true)]),
    v.transform(() => true as const),
  ),
})
export type EntryBody = v.InferInput<typeof EntryBody>

/** What applying answers: the entry as it now stands (organizers approve 'applied' ones). */
export interface EntryAnswer {
  ok: 1
  event_id: number
  room_id: number
  entry: EntryState
}

/**
 * An event as an organizer writes it (`POST /api/organizer/events`, `PUT .../{id}`). Each field
 * has its rule in `src/domain/events.ts` `eventFieldErrors`: a bad form answers 400
 * INVALID_FIELDS with `field_errors`, nothing is stored.
 */
export const EventForm = v.object({
  url_key: FormField,
  name: FormField,
  description: FormField,
  image: FormField,
  event_type: FormField,
  /** ISO 8601 with an offset (the form sends Tokyo time, +09:00). */
  started_at: FormField,
  ended_at: FormField,
  entry_started_at: FormField,
  entry_ended_at: FormField,
  min_follower_num: FormField,
  /** 0 (none) or a grade id. */
  min_grade_id: FormField,
  rewards: FormField,
  terms: FormField,
  tutorial_url: FormField,
  /** Block events: the divisions' labels, in order (ids 1, 2, …). */
  blocks: FormField,
  /** `[{up_to_rank, reward}]`. */
  reward_tiers: FormField,
})
export type EventForm = v.InferInput<typeof EventForm>

/**
 * An organizer's event, as their page lists it and the form edits it (times in Tokyo,
 * `2025-01-01T20:00:00+09:00`); creating and editing answer it.
 */
export interface OrganizerEvent {
  event_id: number
  url_key: string
  name: string
  description: string
  image: string
  event_type: number
  started_at: string
  ended_at: string
  entry_started_at: string
  entry_ended_at: string
  min_follower_num: number
  min_grade_id: number
  rewards: string
  terms: string
  tutorial_url: string
  blocks: string[]
  reward_tiers: Array<{ up_to_rank: number; reward: string }>
  /** Entries by state. */
  counts: Record<EntryStatus, number>
}

/** `GET /api/organizer/events`: the caller's events, newest first. */
export interface OrganizerEventsAnswer {
  events: OrganizerEvent[]
}

/** `GET /api/organizer/events/{id}/entries`: every application, waiting ones first. */
export interface OrganizerEntriesAnswer {
  entries: OrganizerEntry[]
}

/** One application as the organizer sees it (a decision answers the entry as it now stands). */
export interface OrganizerEntry {
  room_id: number
  room_name: string
  room_url_key: string
  follower_num: number
  status: EntryStatus
  refused_reason: string
  block_division_id: number
  /** Unix seconds. */
  applied_at: number
  point: number
}

/**
 * `POST /api/organizer/events/{id}/entries/{room_id}` {decision, reason?, block_id?}: answers
 * the OrganizerEntry.
 */
export const EntryDecisionBody = v.object({
  decision: v.picklist(['approve', 'refuse']),
  /** Required to refuse: the owner reads it. */
  reason: v.optional(Text(200), ''),
  /** Block events: the division the room is ranked in (approve only). */
  block_id: v.optional(Id),
})
export type EntryDecisionBody = v.InferInput<typeof EntryDecisionBody>
