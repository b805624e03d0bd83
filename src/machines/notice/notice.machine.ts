import { assign, fromPromise, setup } from 'xstate'
import type { Notice, NoticeAnswer } from '../../contract/notice.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface NoticeInput {
  id: number
}

export interface NoticeContext {
  id: number
  notice: Notice | null
}

export type NoticeEvent = { type: 'notice.retry' }

/**
 * One notice (`/notice/{id}`). Loading it marks it read on the server, so once it is shown the
 * header's unread dot may be stale: `signalRead` has the current user fetched again. A notice
 * that is not the user's (404) is missing, not failed: a retry would not find it.
 */
export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeEvent,
    input: {} as NoticeInput,
  },
  actors: {
    loadNotice: fromPromise<NoticeAnswer, { id: number }>(notProvided('loadNotice')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    /** The notice is read now: the header's unread flag comes from the current user. */
    signalRead: () => {},
    store: assign((_, answer: NoticeAnswer) => ({ notice: answer.notice })),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return failure.kind === 'server' && failure.status === 404
    },
  },
}).createMachine({
  id: 'notice',
  context: ({ input }) => ({ id: input.id, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadNotice',
        src: 'loadNotice',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: [{ type: 'store', params: ({ event }) => event.output }, 'signalRead'],
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    shown: {},
    missing: { description: 'Not one of the user’s notices (404).' },
    failed: {
      on: { 'notice.retry': 'loading' },
    },
  },
})
