import { assign, fromPromise, setup } from 'xstate'
import type { JewelHistAnswer } from '../../contract/jewel.ts'
import { isLoginLost } from '../../domain/api-failure.ts'
import { shiftMonth } from '../../domain/jewel-months.ts'
import { notProvided } from '../not-provided.ts'

export interface JewelHistContext {
  roomId: number
  /** The month asked for (`YYYY-MM`); null: this Tokyo month, as the server counts it. */
  month: string | null
  /** The month last answered, kept on screen while another loads. */
  answer: JewelHistAnswer | null
}

export type JewelHistEvent =
  { type: 'jewelHist.previous' } | { type: 'jewelHist.next' } | { type: 'jewelHist.retry' }

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * `/jewel_hist/{room}` (issue #21): a room's earnings from gifts for its owner, a month at a
 * time; previous and next months, never beyond this one.
 */
export const jewelHistMachine = setup({
  types: {
    context: {} as JewelHistContext,
    events: {} as JewelHistEvent,
    input: {} as { roomId: number },
  },
  actors: {
    loadJewelHist: fromPromise<JewelHistAnswer, { roomId: number; month: string | null }>(
      notProvided('loadJewelHist'),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    store: assign((_, answer: JewelHistAnswer) => ({ answer, month: answer.month })),
    shift: assign(({ context }, { by }: { by: number }) => ({
      month: context.answer ? shiftMonth(context.answer.month, by) : context.month,
    })),
  },
  guards: {
    hasNext: ({ context }) =>
      context.answer !== null && context.answer.month < context.answer.current_month,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
}).createMachine({
  id: 'jewelHist',
  context: ({ input }) => ({ roomId: input.roomId, month: null, answer: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadJewelHist',
        src: 'loadJewelHist',
        input: ({ context }) => ({ roomId: context.roomId, month: context.month }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'loadFailed',
            actions: 'requireLogin',
            description: 'The login has expired: the login modal opens.',
          },
          { target: 'loadFailed', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    loadFailed: {
      description: 'Not loaded (connection, not the owner): a retry asks for the same month.',
      on: { 'jewelHist.retry': 'loading' },
    },
    ready: {
      on: {
        'jewelHist.previous': { target: 'loading', actions: { type: 'shift', params: { by: -1 } } },
        'jewelHist.next': {
          guard: 'hasNext',
          target: 'loading',
          actions: { type: 'shift', params: { by: 1 } },
          description: 'Not beyond this Tokyo month.',
        },
      },
    },
  },
})
