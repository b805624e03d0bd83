import { assertEvent, assign, setup } from 'xstate'
import {
  STOCK_MAX,
  VISIBLE_MAX,
  VISIBLE_START,
  appendNewest,
  isCounterComment,
  isLogVisible,
  keepNewest,
  type CommentEntry,
  type SystemLog,
} from '../../domain/comments.ts'

export interface WelcomeComment {
  comment: string
  isPinned: boolean
}

export interface CommentStreamContext {
  /** Shown, oldest first; never more than `visibleCount`. */
  comments: CommentEntry[]
  /** Arrived while the viewer looked elsewhere; newest last, at most 100. */
  stock: CommentEntry[]
  logs: SystemLog[]
  logStock: SystemLog[]
  /** SPEC.md §4 new-comment flag: set while something waits in the stock. */
  hasNew: boolean
  visibleCount: number
  mutedUserIds: number[]
  welcome: WelcomeComment | null
  isOwner: boolean
  userId: number | null
}

export type CommentStreamEvent =
  /** Comments in arrival order (the push socket hands over a frame's worth at a time). */
  | { type: 'comments.received'; comments: CommentEntry[] }
  | { type: 'log.received'; log: SystemLog }
  | { type: 'view.scrolled'; atLatest: boolean }
  | { type: 'comments.jump' }
  | { type: 'user.mute'; userId: number }
  | { type: 'user.unmute'; userId: number }
  | { type: 'welcome.received'; welcome: WelcomeComment }

export interface CommentStreamInput {
  isOwner: boolean
  userId: number | null
  mutedUserIds?: number[]
  initial?: CommentEntry[]
}

const visible = (c: CommentStreamContext, comment: CommentEntry) =>
  !isCounterComment(comment.comment) && !c.mutedUserIds.includes(comment.user_id)

/** The comments of a `comments.received` that may be shown (SPEC §4: not counters, not muted). */
const shown = (c: CommentStreamContext, event: CommentStreamEvent) => {
  assertEvent(event, 'comments.received')
  return event.comments.filter((comment) => visible(c, comment))
}

/** The comment list of a room (SPEC.md §4): append at the latest, stock while away, hide, mute. */
export const commentStreamMachine = setup({
  types: {
    context: {} as CommentStreamContext,
    events: {} as CommentStreamEvent,
    input: {} as CommentStreamInput,
  },
  guards: {
    isHidden: ({ context, event }) => shown(context, event).length === 0,
    canAppend: ({ context }) => !context.hasNew,
    isLogHidden: ({ context, event }) =>
      event.type === 'log.received' &&
      !isLogVisible(event.log, {
        userId: context.userId,
        isOwner: context.isOwner,
        mutedUserIds: context.mutedUserIds,
      }),
    isAtLatest: ({ event }) => event.type === 'view.scrolled' && event.atLatest,
    isAwayFromLatest: ({ event }) => event.type === 'view.scrolled' && !event.atLatest,
    keepsWelcome: ({ context, event }) =>
      event.type === 'welcome.received' && event.welcome.comment === '' && !context.isOwner,
  },
  actions: {
    append: assign(({ context, event }) => ({
      comments: keepNewest([...context.comments, ...shown(context, event)], context.visibleCount),
    })),
    stock: assign(({ context, event }) => {
      const arrived = shown(context, event)
      return {
        stock: keepNewest([...context.stock, ...arrived], STOCK_MAX),
        hasNew: true,
        visibleCount: Math.min(VISIBLE_MAX, context.visibleCount + arrived.length),
      }
    }),
    appendLog: assign(({ context, event }) => {
      assertEvent(event, 'log.received')
      return { logs: appendNewest(context.logs, event.log, VISIBLE_MAX) }
    }),
    stockLog: assign(({ context, event }) => {
      assertEvent(event, 'log.received')
      return { logStock: appendNewest(context.logStock, event.log, STOCK_MAX) }
    }),
    flush: assign(({ context }) => ({
      comments: keepNewest([...context.comments, ...context.stock], context.visibleCount),
      logs: keepNewest([...context.logs, ...context.logStock], VISIBLE_MAX),
      stock: [],
      logStock: [],
      hasNew: false,
    })),
    mute: assign(({ context, event }) => {
      if (event.type !== 'user.mute' || context.mutedUserIds.includes(event.userId)) return {}
      const muted = [...context.mutedUserIds, event.userId]
      const keep = (c: CommentEntry) => c.user_id !== event.userId
      const keepLog = (l: SystemLog) => l.userId !== event.userId
      return {
        mutedUserIds: muted,
        comments: context.comments.filter(keep),
        stock: context.stock.filter(keep),
        logs: context.logs.filter(keepLog),
        logStock: context.logStock.filter(keepLog),
      }
    }),
    unmute: assign(({ context, event }) => {
      assertEvent(event, 'user.unmute')
      return { mutedUserIds: context.mutedUserIds.filter((id) => id !== event.userId) }
    }),
    setWelcome: assign(({ event }) => {
      assertEvent(event, 'welcome.received')
      return { welcome: event.welcome.comment === '' ? null : event.welcome }
    }),
  },
}).createMachine({
  id: 'commentStream',
  context: ({ input }) => {
    const mutedUserIds = input.mutedUserIds ?? []
    const base = { mutedUserIds, isOwner: input.isOwner, userId: input.userId }
    const initial = (input.initial ?? []).filter(
      (c) => !isCounterComment(c.comment) && !mutedUserIds.includes(c.user_id),
    )
    return {
      ...base,
      comments: keepNewest(initial, VISIBLE_START),
      stock: [],
      logs: [],
      logStock: [],
      hasNew: false,
      visibleCount: VISIBLE_START,
      welcome: null,
    }
  },
  initial: 'following',
  on: {
    'user.mute': {
      actions: 'mute',
      description: 'Muted users disappear from the list and the stock.',
    },
    'user.unmute': { actions: 'unmute' },
    'welcome.received': [
      {
        guard: 'keepsWelcome',
        description: 'SPEC §4: a non-owner receiving an empty welcome comment cannot clear it.',
      },
      { actions: 'setWelcome', description: 'Pinned on top; cleared when empty.' },
    ],
  },
  states: {
    following: {
      description: 'The view is at the latest comment.',
      on: {
        'comments.received': [
          {
            guard: 'isHidden',
            description: 'Counter comments (0–50) and muted users are dropped.',
          },
          { guard: 'canAppend', actions: 'append' },
          {
            actions: 'stock',
            description: 'The new-comment flag is set: keep stocking until a flush.',
          },
        ],
        'log.received': [{ guard: 'isLogHidden' }, { actions: 'appendLog' }],
        'view.scrolled': { guard: 'isAwayFromLatest', target: 'scrolledAway' },
        'comments.jump': { actions: 'flush' },
      },
    },
    scrolledAway: {
      description: 'The viewer reads older comments: new ones wait in the stock.',
      on: {
        'comments.received': [{ guard: 'isHidden' }, { actions: 'stock' }],
        'log.received': [{ guard: 'isLogHidden' }, { actions: 'stockLog' }],
        'view.scrolled': {
          guard: 'isAtLatest',
          target: 'following',
          description: 'Back at the latest; the stock waits for the new-comments button (SPEC §4).',
        },
        'comments.jump': {
          target: 'following',
          actions: 'flush',
          description: "The 'new comments' button: jump to the latest and flush the stock.",
        },
      },
    },
  },
})
