import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface ReportCategory {
  id: number
  label: string
}

/** What is reported: the live itself, or one user seen in the comment list. */
export type ReportTarget = { kind: 'live' } | { kind: 'user'; userId: number; name: string }

export interface ReportSubmission {
  roomId: number
  liveId: number
  target: ReportTarget
  categoryId: number
  comment: string
  /** User reports by the room owner: also stop that user's comments in this room. */
  block: boolean
}

export const REPORT_COMMENT_MAX = 200

export interface ReportContext {
  roomId: number
  liveId: number
  target: ReportTarget | null
  categories: ReportCategory[]
  categoryId: number | null
  comment: string
  block: boolean
  /** A field error shown in the dialog (the typed text stays). */
  error: string | null
}

export type ReportEvent =
  | { type: 'report.open'; target: ReportTarget }
  | { type: 'report.category'; id: number }
  | { type: 'report.comment'; text: string }
  | { type: 'report.block'; block: boolean }
  | { type: 'report.submit' }
  | { type: 'report.close' }
  | { type: 'xstate.done.actor.sendReport'; output: unknown }
  | { type: 'xstate.error.actor.sendReport'; error: unknown }

/**
 * The report as it goes out: null until it has its target and a category, or while the comment
 * is too long. The guard that sends and the send itself read it here, so they cannot disagree.
 */
function submissionOf(c: ReportContext): ReportSubmission | null {
  if (c.target === null || c.categoryId === null) return null
  if (Array.from(c.comment).length > REPORT_COMMENT_MAX) return null
  return {
    roomId: c.roomId,
    liveId: c.liveId,
    target: c.target,
    categoryId: c.categoryId,
    comment: c.comment.trim(),
    block: c.block,
  }
}

/**
 * The report dialog of a room (SPEC §7 Reports): loads the categories once, takes a category and
 * an optional comment, sends, thanks the viewer. A failed send keeps everything typed.
 */
export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as { roomId: number; liveId: number },
  },
  actors: {
    loadCategories: fromPromise<ReportCategory[]>(notProvided('loadCategories')),
    sendReport: fromPromise<unknown, ReportSubmission>(notProvided('sendReport')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    setTarget: assign(({ event }) => {
      assertEvent(event, 'report.open')
      return { target: event.target, categoryId: null, comment: '', block: false, error: null }
    }),
    setCategories: assign((_, categories: ReportCategory[]) => ({ categories })),
    setCategory: assign(({ event }) => {
      assertEvent(event, 'report.category')
      return { categoryId: event.id, error: null }
    }),
    setComment: assign(({ event }) => {
      assertEvent(event, 'report.comment')
      return {
        comment: event.text,
        error: Array.from(event.text).length > REPORT_COMMENT_MAX ? 'report.commentTooLong' : null,
      }
    }),
    setBlock: assign(({ event }) => {
      assertEvent(event, 'report.block')
      return { block: event.block }
    }),
    requireCategory: assign({ error: 'report.chooseCategory' }),
    clear: assign({ target: null, categoryId: null, comment: '', block: false, error: null }),
    /** Sends the report as it stands (the `isComplete` guard has just found it whole). */
    send: enqueueActions(({ context, enqueue }) => {
      const submission = submissionOf(context)
      if (submission) enqueue.spawnChild('sendReport', { id: 'sendReport', input: submission })
    }),
  },
  guards: {
    hasCategories: ({ context }) => context.categories.length > 0,
    isComplete: ({ context }) => submissionOf(context) !== null,
    lacksCategory: ({ context }) => context.categoryId === null,
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => ({
    roomId: input.roomId,
    liveId: input.liveId,
    target: null,
    categories: [],
    categoryId: null,
    comment: '',
    block: false,
    error: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'report.open': [
          { guard: 'hasCategories', target: 'editing', actions: 'setTarget' },
          { target: 'loading', actions: 'setTarget' },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'loadCategories',
        src: 'loadCategories',
        onDone: {
          target: 'editing',
          actions: { type: 'setCategories', params: ({ event }) => event.output },
        },
        onError: {
          target: 'closed',
          actions: [
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            'clear',
          ],
        },
      },
      on: { 'report.close': { target: 'closed', actions: 'clear' } },
    },
    editing: {
      on: {
        'report.category': { actions: 'setCategory' },
        'report.comment': { actions: 'setComment' },
        'report.block': { actions: 'setBlock' },
        'report.submit': [
          { guard: 'isComplete', target: 'sending', actions: 'send' },
          { guard: 'lacksCategory', actions: 'requireCategory' },
        ],
        'report.close': { target: 'closed', actions: 'clear' },
      },
    },
    sending: {
      on: {
        'xstate.done.actor.sendReport': {
          target: 'closed',
          actions: [{ type: 'notify', params: { tone: 'success', key: 'report.thanks' } }, 'clear'],
        },
        'xstate.error.actor.sendReport': {
          target: 'editing',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          description: 'The toast explains; the dialog stays open with the text kept.',
        },
      },
    },
  },
})
