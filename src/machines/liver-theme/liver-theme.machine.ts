import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  LiverTheme,
  RoomLiverThemeAnswer,
  RoomLiverThemeBody,
} from '../../contract/liver-theme.ts'
import type { Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface LiverThemeInput {
  roomId: number
  /** The room's owner also gets the catalogue, to pick from. */
  isOwner: boolean
}

/** What a load brings: the room's theme, and the catalogue for the owner ([] for a viewer). */
export interface LiverThemeLoaded {
  theme: LiverTheme | null
  themes: LiverTheme[]
}

export interface LiverThemeContext extends LiverThemeInput {
  /** The theme the room wears (null for none): the page is drawn in it. */
  theme: LiverTheme | null
  themes: LiverTheme[]
  /** The theme being saved (0 for none) while saving; null otherwise. */
  picking: number | null
}

export type LiverThemeEvent = { type: 'theme.pick'; themeId: number } | { type: 'theme.retry' }

const savedNotice = (answer: RoomLiverThemeAnswer): Notice => ({
  tone: 'success',
  key: answer.liver_theme ? 'liverTheme.saved' : 'liverTheme.cleared',
})

/**
 * A room's liver theme (issue #22, `/api/room/liver_theme`): everyone's room page is drawn in it
 * (the frame, the colours, the stamps by the comment box); the owner picks another from the
 * catalogue, or none (theme 0), with a toast, and the page changes at once.
 */
export const liverThemeMachine = setup({
  types: {
    context: {} as LiverThemeContext,
    events: {} as LiverThemeEvent,
    input: {} as LiverThemeInput,
  },
  actors: {
    loadTheme: fromPromise<LiverThemeLoaded, LiverThemeInput>(notProvided('loadTheme')),
    saveTheme: fromPromise<RoomLiverThemeAnswer, RoomLiverThemeBody>(notProvided('saveTheme')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, loaded: LiverThemeLoaded) => ({
      theme: loaded.theme,
      themes: loaded.themes,
    })),
    startPick: assign(({ event }) => {
      assertEvent(event, 'theme.pick')
      return { picking: event.themeId }
    }),
    storeSaved: assign((_, answer: RoomLiverThemeAnswer) => ({
      theme: answer.liver_theme,
      picking: null,
    })),
    endPick: assign({ picking: null }),
  },
  guards: {
    /**
     * The owner picks a theme of the catalogue, or none (0), other than the one the room wears.
     */
    canPick: ({ context, event }) => {
      assertEvent(event, 'theme.pick')
      const current = context.theme?.theme_id ?? 0
      const known = event.themeId === 0 || context.themes.some((t) => t.theme_id === event.themeId)
      return context.isOwner && known && event.themeId !== current
    },
  },
}).createMachine({
  id: 'liverTheme',
  context: ({ input }) => ({ ...input, theme: null, themes: [], picking: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTheme',
        src: 'loadTheme',
        input: ({ context }) => ({ roomId: context.roomId, isOwner: context.isOwner }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'Viewers see the room in the site’s colours; the owner’s picker offers a retry.',
      on: { 'theme.retry': 'loading' },
    },
    ready: {
      on: { 'theme.pick': { guard: 'canPick', target: 'saving', actions: 'startPick' } },
    },
    saving: {
      invoke: {
        id: 'saveTheme',
        src: 'saveTheme',
        input: ({ context }) => ({ room_id: context.roomId, theme_id: context.picking ?? 0 }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'notify', params: ({ event }) => savedNotice(event.output) },
          ],
          description: 'The answer is the room’s theme now: the page is redrawn in it.',
        },
        onError: {
          target: 'ready',
          actions: [
            'endPick',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
          description: 'Refused or lost: the toast says why; the room keeps its theme.',
        },
      },
    },
  },
})
