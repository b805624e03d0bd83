import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'
import type { EntryAnswer, CanApplyAnswer } from '../../contract/event-entry.ts'
import type { EventRankingAnswer } from '../../contract/event.ts'
import type {
  ConfirmationAbstraction,
  ConfirmationDescription,
  EventAbstraction,
  EventDescription,
  EventOnliveRoomsAnswer,
  EventResultAnswer,
} from '../../contract/event-pages.ts'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

/** Which page the machine runs: the event page, or the confirmation page an owner applies on. */
export type EventView = 'page' | 'confirmation'

/** What the event page shows, as one load answers it. */
export interface EventPageData {
  abstraction: EventAbstraction
  description: EventDescription
  ranking: EventRankingAnswer
  onlives: EventOnliveRoomsAnswer['onlives']
  /** The frozen result once the event is finalized; null before. */
  result: EventResultAnswer | null
  /** Whether the caller's room may enter (null for an anonymous visitor). */
  entry: CanApplyAnswer | null
}

/** What the confirmation page shows. */
export interface ConfirmationData {
  confirmation: ConfirmationAbstraction
  terms: ConfirmationDescription
  entry: CanApplyAnswer | null
}

export type EventLoad =
  ({ view: 'page' } & EventPageData) | ({ view: 'confirmation' } & ConfirmationData)

export interface EventInput {
  /** The event's id or url key, as the route has it. */
  eventRef: string | number
  view: EventView
  nowMs: number
}

export interface EventContext extends EventInput {
  data: EventLoad | null
  /** The ranking page shown (from 1). */
  page: number
  /** A change arrived while the ranking was loading: load again once it is in. */
  stale: boolean
  /** The latest moved ranking pushed (ms; 0 before any). */
  version: number
  /** The owner ticked the terms box on the confirmation page. */
  agreed: boolean
  /** The server's reason when it refused the application. */
  refusal: string | null
}

export type EventEvent =
  | { type: 'event.retry' }
  | { type: 'clock.tick'; nowMs: number }
  /** The ranking moved (a push); `version`: the moment (ms) a reload must at least reflect. */
  | { type: 'ranking.changed'; version: number }
  | { type: 'ranking.page'; page: number }
  | { type: 'entry.agree'; agreed: boolean }
  | { type: 'entry.apply' }
  | { type: 'entry.login' }
  | { type: 'entry.dismiss' }

/** The moment the event page counts down to: an upcoming event's start, a running one's end. */
export function nextMomentMs(data: EventLoad | null): number | null {
  if (data?.view !== 'page') return null
  const { phase, started_at, ended_at } = data.abstraction
  if (phase === 'upcoming') return started_at * 1000
  if (phase === 'ongoing') return ended_at * 1000
  return null
}

/** The loaded event's id (the route may have named it by its url key). */
export function eventIdOf(context: { data: EventLoad | null }): number {
  const data = context.data
  if (!data) throw new Error('the event is not loaded')
  return data.view === 'page' ? data.abstraction.event_id : data.confirmation.event_id
}

const serverMessage = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' && failure.status < 500 ? (failure.message ?? null) : null
}

export const eventSetup = setup({
  types: {
    context: {} as EventContext,
    events: {} as EventEvent,
    input: {} as EventInput,
  },
  actors: {
    loadEvent: fromPromise<EventLoad, { eventRef: string | number; view: EventView; page: number }>(
      notProvided('loadEvent'),
    ),
    loadRanking: fromPromise<
      EventRankingAnswer,
      { eventId: number; page: number; version: number }
    >(notProvided('loadRanking')),
    apply: fromPromise<EntryAnswer, { eventId: number }>(notProvided('apply')),
    /** Sends `ranking.changed` whenever the event's ranking moves (push socket). */
    listen: fromCallback<{ type: 'ranking.changed'; version: number }, { eventId: number }>(
      notProvided('listen'),
    ),
    /** `clock.tick` with the time, every second. */
    clock: fromCallback<{ type: 'clock.tick'; nowMs: number }, { intervalMs: number }>(
      notProvided('clock'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    store: assign((_, data: EventLoad) => ({ data, stale: false })),
    storeRanking: assign(({ context }, ranking: EventRankingAnswer) => ({
      stale: false,
      data: context.data?.view === 'page' ? { ...context.data, ranking } : context.data,
    })),
    markStale: assign({ stale: true }),
    noteVersion: assign(({ context, event }) => {
      assertEvent(event, 'ranking.changed')
      return { version: Math.max(context.version, event.version) }
    }),
    tick: assign(({ event }) => {
      assertEvent(event, 'clock.tick')
      return { nowMs: event.nowMs }
    }),
    turnPage: assign(({ event }) => {
      assertEvent(event, 'ranking.page')
      return { page: event.page }
    }),
    agree: assign(({ event }) => {
      assertEvent(event, 'entry.agree')
      return { agreed: event.agreed }
    }),
    storeEntry: assign(({ context }, answer: EntryAnswer) => {
      const data = context.data
      if (!data) return {}
      const entry: CanApplyAnswer = {
        can_apply: false,
        reason: null,
        room_id: answer.room_id,
        entry: answer.entry,
      }
      return { data: { ...data, entry } }
    }),
    refuse: assign((_, params: { error: unknown }) => ({ refusal: serverMessage(params.error) })),
    clearRefusal: assign({ refusal: null }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return failure.kind === 'server' && failure.status === 404
    },
    /** The page of a running event follows its ranking live. */
    followsRanking: (_, data: EventLoad) =>
      data.view === 'page' && data.abstraction.phase === 'ongoing',
    isStale: ({ context }) => context.stale,
    isOtherPage: ({ context, event }) =>
      event.type === 'ranking.page' &&
      context.data?.view === 'page' &&
      event.page >= 1 &&
      event.page <= context.data.ranking.last_page &&
      event.page !== context.page,
    /** The start or end the page counted down to has come. */
    momentReached: ({ context, event }) => {
      const at = nextMomentMs(context.data)
      return event.type === 'clock.tick' && at !== null && event.nowMs >= at
    },
    /** Over, but its ranking not frozen yet: the server finalizes it shortly. */
    awaitsResult: (_, data: EventLoad) =>
      data.view === 'page' && data.abstraction.phase === 'ended',
    isAnonymous: ({ context }) => context.data !== null && context.data.entry === null,
    mayApply: ({ context }) => context.agreed && context.data?.entry?.can_apply === true,
    isRefusal: (_, params: { error: unknown }) => serverMessage(params.error) !== null,
  },
  delays: { resultPoll: 10_000 },
})
