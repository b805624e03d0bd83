import { assign, enqueueActions, fromPromise, setup, stopChild } from 'xstate'
import type { Notice, NoticeListAnswer } from '../../contract/notice.ts'
import { notProvided } from '../not-provided.ts'

export interface NoticesContext {
  /** The notices of every page loaded so far, newest first ("もっと見る" appends the next). */
  notices: Notice[] | null
  /** The next page, or null on the last. */
  nextPage: number | null
  unreadNum: number
}

export type NoticesEvent =
  | { type: 'notices.more' }
  | { type: 'notices.retry' }
  | { type: 'xstate.done.actor.loadMore'; output: NoticeListAnswer }
  | { type: 'xstate.error.actor.loadMore'; error: unknown }

const reportError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/**
 * The notice list (`/notice`): the first page, then each next page appended on "more". A failed
 * first page waits for a retry; a failed next page keeps the notices shown.
 */
export const noticesMachine = setup({
  types: { context: {} as NoticesContext, events: {} as NoticesEvent },
  actors: {
    loadPage: fromPromise<NoticeListAnswer, { page: number }>(notProvided('loadPage')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    storePage: assign(({ context }, answer: NoticeListAnswer) => ({
      // A notice that moved between pages while paging (a newer one came) is listed once.
      notices: [
        ...(context.notices ?? []),
        ...answer.notices.filter((n) => !context.notices?.some((c) => c.id === n.id)),
      ],
      nextPage: answer.next_page,
      unreadNum: answer.unread_num,
    })),
  },
  guards: {
    hasMore: ({ context }) => context.nextPage !== null,
  },
}).createMachine({
  id: 'notices',
  context: { notices: null, nextPage: null, unreadNum: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: { page: 1 },
        onDone: {
          target: 'shown',
          actions: { type: 'storePage', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: reportError },
      },
    },
    shown: {
      on: { 'notices.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      description: 'The next page, appended below the notices shown.',
      // The next page (`hasMore` has just found one).
      entry: enqueueActions(({ context, enqueue }) => {
        const page = context.nextPage
        if (page !== null) enqueue.spawnChild('loadPage', { id: 'loadMore', input: { page } })
      }),
      exit: stopChild('loadMore'),
      on: {
        'xstate.done.actor.loadMore': {
          target: 'shown',
          actions: { type: 'storePage', params: ({ event }) => event.output },
        },
        'xstate.error.actor.loadMore': { target: 'moreFailed', actions: reportError },
      },
    },
    moreFailed: {
      description: 'The notices shown stay; "more" or a retry asks for the page again.',
      on: {
        'notices.more': { guard: 'hasMore', target: 'loadingMore' },
        'notices.retry': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    failed: {
      on: { 'notices.retry': 'loading' },
    },
  },
})
