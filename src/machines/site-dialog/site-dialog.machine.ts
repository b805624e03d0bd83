import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { SiteDialogAnswer } from '../../contract/site-dialog.ts'
import type { Locale } from '../../domain/locale.ts'
import { notProvided } from '../not-provided.ts'

/** A dialog as the page shows it. */
export type SiteDialog = NonNullable<SiteDialogAnswer['dialog']>

export interface SiteDialogContext {
  /** The paths this tab has asked about already: each page is asked once. */
  asked: string[]
  /** The page being asked about, or whose dialog is shown; null before the first. */
  path: string | null
  /** The dialog shown (only in `open`). */
  dialog: SiteDialog | null
  /** Dialogs closed in this tab: one is never shown twice, whatever the server answers. */
  closed: number[]
}

export type SiteDialogEvent =
  | { type: 'page.visited'; path: string; locale: Locale }
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.loadDialog'; output: SiteDialogAnswer }
  | { type: 'xstate.error.actor.loadDialog'; error: unknown }

/**
 * Site dialogs (issue #22): on each page the app visits, asks once whether a dialog is open for
 * it, shows it, and on a close tells the world to remember it (`remember`: the server for a
 * logged-in user, the tab's session for an anonymous one).
 */
export const siteDialogMachine = setup({
  types: {
    context: {} as SiteDialogContext,
    events: {} as SiteDialogEvent,
  },
  actors: {
    loadDialog: fromPromise<SiteDialogAnswer, { path: string; locale: Locale }>(
      notProvided('loadDialog'),
    ),
  },
  actions: {
    remember: (_, _params: { dialogId: number }) => {},
    ask: assign(({ context, event }) => {
      assertEvent(event, 'page.visited')
      return { path: event.path, asked: [...context.asked, event.path], dialog: null }
    }),
    show: assign((_, dialog: SiteDialog | null) => ({ dialog })),
    hide: assign({ dialog: null }),
    close: assign(({ context }) => ({
      dialog: null,
      closed: context.dialog ? [...context.closed, context.dialog.dialog_id] : context.closed,
    })),
    forgetPath: assign(({ context }) => ({
      asked: context.asked.filter((p) => p !== context.path),
    })),
  },
  guards: {
    isNewPath: ({ context, event }) => {
      assertEvent(event, 'page.visited')
      return !context.asked.includes(event.path)
    },
    isSamePage: ({ context, event }) => {
      assertEvent(event, 'page.visited')
      return event.path === context.path
    },
    isFresh: ({ context }, dialog: SiteDialog | null) =>
      dialog !== null && !context.closed.includes(dialog.dialog_id),
  },
}).createMachine({
  id: 'siteDialog',
  context: { asked: [], path: null, dialog: null, closed: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'page.visited': {
          guard: 'isNewPath',
          target: 'loading',
          actions: 'ask',
          description: 'A page not asked about in this tab: is there a dialog for it?',
        },
      },
    },
    loading: {
      invoke: {
        id: 'loadDialog',
        src: 'loadDialog',
        input: ({ event }) => {
          assertEvent(event, 'page.visited')
          return { path: event.path, locale: event.locale }
        },
        onDone: [
          {
            guard: { type: 'isFresh', params: ({ event }) => event.output.dialog },
            target: 'open',
            actions: { type: 'show', params: ({ event }) => event.output.dialog },
          },
          {
            target: 'idle',
            description: 'None for this page, or one this tab has closed already.',
          },
        ],
        onError: {
          target: 'idle',
          actions: 'forgetPath',
          description: 'Quietly: the page is asked about again on its next visit.',
        },
      },
      on: {
        'page.visited': {
          guard: 'isNewPath',
          target: 'loading',
          reenter: true,
          actions: 'ask',
          description: 'Left before the answer: the new page is asked, the old answer dropped.',
        },
      },
    },
    open: {
      on: {
        'dialog.close': {
          target: 'idle',
          actions: [
            {
              type: 'remember',
              params: ({ context }) => ({ dialogId: context.dialog?.dialog_id ?? 0 }),
            },
            'close',
          ],
        },
        'page.visited': [
          { guard: 'isSamePage' },
          {
            guard: 'isNewPath',
            target: 'loading',
            actions: 'ask',
            description: 'Another page: the dialog goes unremembered, and the page is asked.',
          },
          {
            target: 'idle',
            actions: 'hide',
            description: 'A page asked about before: the dialog goes unremembered.',
          },
        ],
      },
    },
  },
})
