import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

/** SPEC §3 welcome comment: the owner's pinned greeting, at most this many characters. */
export const WELCOME_COMMENT_MAX = 100

export interface WelcomeEditorContext {
  roomId: number
  isOwner: boolean
  /** What the owner is typing; starts as the saved comment and survives a failed save. */
  draft: string
}

export type WelcomeEditorEvent =
  { type: 'welcome.change'; text: string } | { type: 'welcome.save' } | { type: 'welcome.delete' }

/** What the editor tells its parent (the room) once the server has the new comment. */
export type WelcomeEditorReport = { type: 'welcome.saved'; comment: string }

const welcomeLength = (text: string) => Array.from(text.trim()).length

/**
 * The room owner's welcome-comment editor (SPEC §3, §6): save pins the comment on top of the
 * list, delete clears it; only the owner may do either, and a failed call keeps the text.
 */
export const welcomeEditorMachine = setup({
  types: {
    context: {} as WelcomeEditorContext,
    events: {} as WelcomeEditorEvent,
    input: {} as { roomId: number; isOwner: boolean; comment: string },
  },
  actors: {
    /** Saves the welcome comment; an empty one deletes it. */
    saveWelcome: fromPromise<unknown, { roomId: number; comment: string }>(
      notProvided('saveWelcome'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    setDraft: assign(({ event }) => {
      assertEvent(event, 'welcome.change')
      return { draft: event.text }
    }),
    clearDraft: assign({ draft: '' }),
    tellRoom: sendParent((_, params: { comment: string }): WelcomeEditorReport => ({
      type: 'welcome.saved',
      comment: params.comment,
    })),
  },
  guards: {
    isOwner: ({ context }) => context.isOwner,
    isValid: ({ context }) =>
      context.isOwner &&
      welcomeLength(context.draft) > 0 &&
      welcomeLength(context.draft) <= WELCOME_COMMENT_MAX,
  },
}).createMachine({
  id: 'welcomeEditor',
  context: ({ input }) => ({ roomId: input.roomId, isOwner: input.isOwner, draft: input.comment }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'welcome.change': { guard: 'isOwner', actions: 'setDraft' },
        'welcome.save': {
          guard: 'isValid',
          target: 'saving',
          description: 'Owner only; 1 to 100 characters once trimmed.',
        },
        'welcome.delete': { guard: 'isOwner', target: 'deleting' },
      },
    },
    saving: {
      invoke: {
        id: 'saveWelcome',
        src: 'saveWelcome',
        input: ({ context }) => ({ roomId: context.roomId, comment: context.draft.trim() }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { tone: 'success', key: 'room.welcomeSaved' } },
            { type: 'tellRoom', params: ({ context }) => ({ comment: context.draft.trim() }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          description: 'The toast explains; the text stays in the editor.',
        },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteWelcome',
        src: 'saveWelcome',
        input: ({ context }) => ({ roomId: context.roomId, comment: '' }),
        onDone: {
          target: 'idle',
          actions: [
            'clearDraft',
            { type: 'notify', params: { tone: 'success', key: 'room.welcomeDeleted' } },
            { type: 'tellRoom', params: { comment: '' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
