import type { EventForm, OrganizerEvent } from '../contract/event-entry.ts'
import { EVENT_TYPE, eventFieldErrors, tokyoIso, type EventFormErrors } from './events.ts'

/**
 * The organizer's event form as its inputs hold it: every field text. Times are a
 * `datetime-local` value read as Tokyo time; blocks one label per line; reward tiers one
 * `rank: reward` per line ("3: 限定バッジ" — ranks 1 to 3 that no earlier line covers).
 */
export interface EventFormValues {
  url_key: string
  name: string
  description: string
  image: string
  event_type: string
  started_at: string
  ended_at: string
  entry_started_at: string
  entry_ended_at: string
  min_follower_num: string
  min_grade_id: string
  rewards: string
  terms: string
  tutorial_url: string
  blocks: string
  reward_tiers: string
}

export type EventFormKey = keyof EventFormValues

/** `datetime-local`'s value for a time: Tokyo, to the minute. */
const localInput = (iso: string) => (iso ? tokyoIso(Date.parse(iso)).slice(0, 16) : '')

/** A blank form: a ranking event from a week ahead, two weeks long, entries open from now. */
export function blankEventForm(nowMs: number): EventFormValues {
  const day = 86_400_000
  const at = (days: number) => tokyoIso(nowMs + days * day).slice(0, 11) + '20:00'
  return {
    url_key: '',
    name: '',
    description: '',
    image: '',
    event_type: String(EVENT_TYPE.ranking),
    started_at: at(7),
    ended_at: at(21),
    entry_started_at: tokyoIso(nowMs).slice(0, 16),
    entry_ended_at: at(6),
    min_follower_num: '0',
    min_grade_id: '0',
    rewards: '',
    terms: '',
    tutorial_url: '',
    blocks: '',
    reward_tiers: '',
  }
}

/** The form of a stored event, to edit it. */
export function eventFormOf(event: OrganizerEvent): EventFormValues {
  return {
    url_key: event.url_key,
    name: event.name,
    description: event.description,
    image: event.image,
    event_type: String(event.event_type),
    started_at: localInput(event.started_at),
    ended_at: localInput(event.ended_at),
    entry_started_at: localInput(event.entry_started_at),
    entry_ended_at: localInput(event.entry_ended_at),
    min_follower_num: String(event.min_follower_num),
    min_grade_id: String(event.min_grade_id),
    rewards: event.rewards,
    terms: event.terms,
    tutorial_url: event.tutorial_url,
    blocks: event.blocks.join('\n'),
    reward_tiers: event.reward_tiers.map((t) => `${t.up_to_rank}: ${t.reward}`).join('\n'),
  }
}

/** `rank: reward` lines as tiers; a line that is not one stays text, which the rule refuses. */
function tiersOf(lines: string): EventForm['reward_tiers'] {
  const rows = lines.split(/\r?\n/).filter((l) => l.trim() !== '')
  const tiers = rows.map((line) => /^\s*(\d{1,9})\s*[:：]\s*(.+)$/.exec(line))
  if (tiers.some((m) => m === null)) return lines
  return tiers.map((m) => ({ up_to_rank: Number(m?.[1]), reward: (m?.[2] ?? '').trim() }))
}

/** What the form sends (src/contract/event-entry.ts EventForm). */
export function eventFormBody(values: EventFormValues): EventForm {
  return { ...values, reward_tiers: tiersOf(values.reward_tiers) }
}

/** The shared rule (src/domain/events.ts) on the form as typed: {} when it may be sent. */
export const eventFormErrors = (values: EventFormValues): EventFormErrors =>
  eventFieldErrors(eventFormBody(values))
