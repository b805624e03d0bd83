import { assign, fromCallback, raise, setup } from 'xstate'
import {
  REGULATION_TICK_MS,
  REGULATION_WARNING_SECONDS,
  isStreamingAllowed,
  remainingSeconds,
  streamingWindow,
  type StreamerFlags,
} from '../../domain/regulation.ts'
import { notProvided } from '../not-provided.ts'

export interface RegulationContext extends StreamerFlags {
  nowMs: number
  /** Seconds before the window closes; NO_LIMIT_REMAINING without a window. */
  remaining: number
}

export type RegulationEvent = { type: 'clock.tick'; nowMs: number }

/** The Tokyo clock: a tick with the time at start and every second (provided in src/compose/room.ts). */
export const tokyoClock = fromCallback<RegulationEvent, { intervalMs: number }>(
  notProvided('clock'),
)

/**
 * A streamer's regulation (SPEC §4): without a window (adult, or abroad) streaming is always
 * allowed; a minor's window is followed by a clock ticking every second, counting down to its
 * end with a warning in the last minutes, and closed outside it.
 */
export const regulationMachine = setup({
  types: {
    context: {} as RegulationContext,
    events: {} as RegulationEvent,
    input: {} as StreamerFlags & { nowMs: number },
  },
  actors: { clock: tokyoClock },
  actions: {
    tick: assign(({ context, event }) => ({
      nowMs: event.nowMs,
      remaining: remainingSeconds(context, event.nowMs),
    })),
  },
  guards: {
    isUnrestricted: ({ context }) => streamingWindow(context) === null,
    isClosedAt: ({ context, event }) => !isStreamingAllowed(context, event.nowMs),
    isEndingAt: ({ context, event }) =>
      remainingSeconds(context, event.nowMs) <= REGULATION_WARNING_SECONDS,
  },
}).createMachine({
  id: 'regulation',
  context: ({ input }) => ({
    isAbroad: input.isAbroad,
    isUnder16: input.isUnder16,
    isUnder18: input.isUnder18,
    nowMs: input.nowMs,
    remaining: remainingSeconds(input, input.nowMs),
  }),
  initial: 'restricted',
  states: {
    unrestricted: {
      description: 'No window applies (adult, or abroad): always allowed, remaining is 1000.',
    },
    restricted: {
      // The first check, at the time the machine starts, before any tick.
      entry: raise(({ context }) => ({ type: 'clock.tick' as const, nowMs: context.nowMs })),
      invoke: { src: 'clock', input: { intervalMs: REGULATION_TICK_MS } },
      on: {
        'clock.tick': [
          { guard: 'isUnrestricted', target: 'unrestricted' },
          { guard: 'isClosedAt', target: '.closed', actions: 'tick' },
          { guard: 'isEndingAt', target: '.ending', actions: 'tick' },
          { target: '.open', actions: 'tick' },
        ],
      },
      initial: 'open',
      states: {
        open: { description: 'Inside the window, counting down.' },
        ending: { description: 'The last minutes of the window: the liver is warned.' },
        closed: { description: 'Outside the window: no live may start.' },
      },
    },
  },
})
