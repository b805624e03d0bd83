import type {
  CanApplyAnswer,
  EntryAnswer,
  EntryBody,
  EntryDecisionBody,
  OrganizerEntriesAnswer,
  OrganizerEntry,
  OrganizerEvent,
  OrganizerEventsAnswer,
} from '../../contract/event-entry.ts'
import { eventFormBody, type EventFormValues } from '../../domain/event-form.ts'
import type { EventRankingAnswer, RankingQuery } from '../../contract/event.ts'
import type {
  ConfirmationAbstraction,
  ConfirmationDescription,
  EventAbstraction,
  EventDescription,
  EventOnliveRoomsAnswer,
  EventResultAnswer,
} from '../../contract/event-pages.ts'
import type { EventLoad } from '../../machines/event/event.machine.ts'
import type { ApiClient } from './client.ts'

const base = (ref: string | number) => `/api/event/${encodeURIComponent(String(ref))}`

/** Whether the caller's room may enter; an anonymous visitor has no room to enter with. */
const canApply = (api: ApiClient, ref: string | number, loggedIn: boolean) =>
  loggedIn ? api.get<CanApplyAnswer>(`${base(ref)}/can_apply`) : Promise.resolve(null)

/** An event's ranking page (from 1), as of at least `version` (a push's moment, ms) when given. */
export const getEventRanking = (api: ApiClient, eventId: number, page: number, version = 0) =>
  api.get<EventRankingAnswer>(`${base(eventId)}/ranking`, {
    page: String(page),
    ...(version > 0 && { v: String(version) }),
  } satisfies RankingQuery)

/**
 * The event page: its head, description, ranking page, rooms on air, the caller's entry and,
 * once the event is finalized, its result — all at once.
 */
export async function loadEventPage(
  api: ApiClient,
  ref: string | number,
  page: number,
  loggedIn: boolean,
): Promise<EventLoad> {
  const abstraction = await api.get<EventAbstraction>(`${base(ref)}/abstraction`)
  const id = abstraction.event_id
  const [description, ranking, onlives, result, entry] = await Promise.all([
    api.get<EventDescription>(`${base(id)}/description`),
    getEventRanking(api, id, page),
    api.get<EventOnliveRoomsAnswer>(`${base(id)}/onlive_rooms`).then((r) => r.onlives),
    abstraction.phase === 'finalized'
      ? api.get<EventResultAnswer>(`${base(id)}/result`)
      : Promise.resolve(null),
    canApply(api, id, loggedIn),
  ])
  return { view: 'page', abstraction, description, ranking, onlives, result, entry }
}

/** The confirmation page: the event's conditions, the terms and whether the caller may apply. */
export async function loadConfirmation(
  api: ApiClient,
  eventId: number,
  loggedIn: boolean,
): Promise<EventLoad> {
  const [confirmation, terms, entry] = await Promise.all([
    api.get<ConfirmationAbstraction>(`${base(eventId)}/confirmation_abstraction`),
    api.get<ConfirmationDescription>(`${base(eventId)}/confirmation_description`),
    canApply(api, eventId, loggedIn),
  ])
  return { view: 'confirmation', confirmation, terms, entry }
}

/** The owner's room applies (the terms agreed on the confirmation page). */
export const applyToEvent = (api: ApiClient, eventId: number) =>
  api.postForm<EntryAnswer>('/api/event_entry', { event_id: eventId, agree: 1 } satisfies EntryBody)

/** The organizer's events, newest first. */
export const getOrganizerEvents = (api: ApiClient) =>
  api.get<OrganizerEventsAnswer>('/api/organizer/events').then((r) => r.events)

/** Creates (eventId null) or edits an organizer's event from its form. */
export const saveOrganizerEvent = (
  api: ApiClient,
  eventId: number | null,
  form: EventFormValues,
) =>
  eventId === null
    ? api.postJson<OrganizerEvent>('/api/organizer/events', eventFormBody(form))
    : api.putJson<OrganizerEvent>(`/api/organizer/events/${eventId}`, eventFormBody(form))

/** An event's applications, waiting ones first. */
export const getOrganizerEntries = (api: ApiClient, eventId: number) =>
  api.get<OrganizerEntriesAnswer>(`/api/organizer/events/${eventId}/entries`).then((r) => r.entries)

/** Approves or refuses one room's entry. */
export const decideEntry = (
  api: ApiClient,
  eventId: number,
  roomId: number,
  decision: EntryDecisionBody,
) => api.postJson<OrganizerEntry>(`/api/organizer/events/${eventId}/entries/${roomId}`, decision)
