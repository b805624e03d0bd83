import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'
import type { RoomGradeAnswer } from '../../contract/grade.ts'
import { notProvided } from '../not-provided.ts'

/** The owner's room grade as loaded, and when it was asked (ms, the device's clock). */
export interface GradeLoad {
  grade: RoomGradeAnswer
  atMs: number
}

export interface GradeInput {
  /** The caller's own room's URL key ('' for none). */
  roomUrlKey: string
  nowMs: number
}

export interface GradeContext extends GradeInput {
  grade: RoomGradeAnswer | null
  /** When the next aggregation comes, on the device's clock (ms); 0 before a load. */
  aggregationAtMs: number
}

export type GradeEvent = { type: 'grade.retry' } | { type: 'clock.tick'; nowMs: number }

/** Seconds left to the next aggregation, from the device's clock (never negative). */
export const secondsLeft = (context: Pick<GradeContext, 'aggregationAtMs' | 'nowMs'>) =>
  Math.max(0, Math.ceil((context.aggregationAtMs - context.nowMs) / 1000))

const gradeSetup = setup({
  types: {
    context: {} as GradeContext,
    events: {} as GradeEvent,
    input: {} as GradeInput,
  },
  actors: {
    /** The room's grade; null when the caller has no room. */
    loadGrade: fromPromise<GradeLoad | null, { roomUrlKey: string }>(notProvided('loadGrade')),
    /** `clock.tick` with the time, every second. */
    clock: fromCallback<{ type: 'clock.tick'; nowMs: number }, { intervalMs: number }>(
      notProvided('clock'),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, load: GradeLoad | null) =>
      load
        ? {
            grade: load.grade,
            nowMs: load.atMs,
            aggregationAtMs: load.atMs + load.grade.remaining_seconds * 1000,
          }
        : {},
    ),
    tick: assign(({ event }) => {
      assertEvent(event, 'clock.tick')
      return { nowMs: event.nowMs }
    }),
  },
  guards: {
    hasNoRoom: (_, load: GradeLoad | null) => load === null,
    /** An official room is outside the ladder. */
    isOfficial: (_, load: GradeLoad | null) => load?.grade.is_displayed === false,
    /** Last week is still being aggregated (or its moment has come and gone unanswered). */
    isAggregating: (_, load: GradeLoad | null) =>
      load !== null && (load.grade.aggregation_status === 1 || load.grade.remaining_seconds <= 0),
    /** A grade was loaded before this failure: the page is counting on the next one. */
    wasShown: ({ context }) => context.grade !== null,
    aggregationDue: ({ context, event }) =>
      event.type === 'clock.tick' && event.nowMs >= context.aggregationAtMs,
  },
  delays: { aggregationPoll: 10_000 },
})

const loaded = (target: string) => ({
  target,
  actions: {
    type: 'store' as const,
    params: ({ event }: { event: { output: GradeLoad | null } }) => event.output,
  },
})

/**
 * The owner's room grade (`/room/show_grade`): load, then count down each second to the weekly
 * aggregation and load again when it comes; while the week that ended is being aggregated the
 * page says so and looks again every 10 s. An official room, or a caller without a room, is told
 * so instead.
 */
export const gradeMachine = gradeSetup.createMachine({
  id: 'grade',
  context: ({ input }) => ({ ...input, grade: null, aggregationAtMs: 0 }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the grade; one loaded before stays on screen meanwhile.',
      invoke: {
        id: 'loadGrade',
        src: 'loadGrade',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: [
          { guard: { type: 'hasNoRoom', params: ({ event }) => event.output }, target: 'noRoom' },
          {
            guard: { type: 'isOfficial', params: ({ event }) => event.output },
            ...loaded('official'),
          },
          {
            guard: { type: 'isAggregating', params: ({ event }) => event.output },
            ...loaded('aggregating'),
          },
          loaded('counting'),
        ],
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description:
        'The grade could not be loaded; the owner can try again. A grade already shown (a reload at the aggregation that failed) is looked at again every 10 s by itself.',
      on: { 'grade.retry': 'loading' },
      after: { aggregationPoll: { guard: 'wasShown', target: 'loading' } },
    },
    noRoom: { description: 'The caller owns no room: nothing to grade.', type: 'final' },
    official: { description: 'An official room is outside the grades.', type: 'final' },
    counting: {
      description: 'Counts down each second to the weekly aggregation, then loads again.',
      invoke: { src: 'clock', input: { intervalMs: 1000 } },
      on: {
        'clock.tick': [
          { guard: 'aggregationDue', target: 'loading', actions: 'tick' },
          { actions: 'tick' },
        ],
      },
    },
    aggregating: {
      description:
        'The week that ended is being aggregated ("集計中"): looked at again every 10 s.',
      after: { aggregationPoll: 'loading' },
    },
  },
})
