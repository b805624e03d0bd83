import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { AutocompleteAnswer, FoundRoom } from '../../contract/search.ts'
import { notProvided } from '../not-provided.ts'
import { nextActive, previousActive } from '../list-cursor.ts'

/** How long typing must pause before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200

export interface SearchBoxContext {
  keyword: string
  /** The rooms suggested for the last keyword answered. */
  suggestions: FoundRoom[]
  /** The suggestion chosen with the arrow keys, or null (Enter then searches the keyword). */
  active: number | null
}

export type SearchBoxEvent =
  | { type: 'search.type'; keyword: string }
  | { type: 'search.next' }
  | { type: 'search.previous' }
  | { type: 'search.submit' }
  | { type: 'search.pick'; index: number }
  | { type: 'search.close' }

/** The room suggested at `index`; null past the list. */
const suggestionAt = (c: SearchBoxContext, index: number): FoundRoom | null =>
  c.suggestions[index] ?? null

/**
 * The suggestion chosen with the arrow keys; null with none chosen. The guard that opens it and
 * the opening read it here.
 */
const activeRoomOf = (c: SearchBoxContext): FoundRoom | null =>
  c.active === null ? null : suggestionAt(c, c.active)

/**
 * The header's search box: typing waits {@link SUGGEST_DELAY_MS} then asks for room names; a key
 * typed meanwhile starts the wait again, and one typed while asking drops that request (its answer
 * never shows). The suggestions open as a list the arrow keys walk; Enter opens the chosen room,
 * or with none chosen the results page for the keyword; Escape closes the list.
 */
export const searchBoxMachine = setup({
  types: { context: {} as SearchBoxContext, events: {} as SearchBoxEvent },
  actors: {
    suggest: fromPromise<AutocompleteAnswer, { keyword: string }>(notProvided('suggest')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    /** Opens a room's page (`/r/{room_url_key}`). */
    openRoom: (_, _params: { roomUrlKey: string }) => {},
    /** Opens the results page (`/search?keyword=`). */
    openResults: (_, _params: { keyword: string }) => {},
    typed: assign(({ event }) => {
      assertEvent(event, 'search.type')
      return { keyword: event.keyword, active: null }
    }),
    clear: assign({ suggestions: [], active: null }),
    store: assign((_, answer: AutocompleteAnswer) => ({ suggestions: answer.rooms, active: null })),
    moveNext: assign(({ context }) => ({
      active: nextActive(context.active, context.suggestions.length),
    })),
    movePrevious: assign(({ context }) => ({
      active: previousActive(context.active, context.suggestions.length),
    })),
  },
  delays: { suggestDelay: SUGGEST_DELAY_MS },
  guards: {
    isBlank: ({ event }) => {
      assertEvent(event, 'search.type')
      return event.keyword.trim() === ''
    },
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    hasActive: ({ context }) => activeRoomOf(context) !== null,
    isSuggested: ({ context }, params: { index: number }) =>
      suggestionAt(context, params.index) !== null,
    hasSuggestions: ({ context }) => context.suggestions.length > 0,
  },
}).createMachine({
  id: 'searchBox',
  context: { keyword: '', suggestions: [], active: null },
  initial: 'closed',
  on: {
    'search.type': [
      { guard: 'isBlank', target: '.closed', actions: ['typed', 'clear'] },
      { target: '.waiting', reenter: true, actions: 'typed' },
    ],
    'search.close': { target: '.closed', actions: 'clear' },
    'search.submit': {
      guard: 'hasKeyword',
      target: '.closed',
      actions: [
        'clear',
        { type: 'openResults', params: ({ context }) => ({ keyword: context.keyword.trim() }) },
      ],
    },
  },
  states: {
    closed: {},
    waiting: {
      description: 'Typing; the suggestions are asked for once it pauses.',
      after: { suggestDelay: 'asking' },
    },
    asking: {
      invoke: {
        id: 'suggest',
        src: 'suggest',
        input: ({ context }) => ({ keyword: context.keyword.trim() }),
        onDone: [
          {
            guard: ({ event }) => event.output.rooms.length > 0,
            target: 'open',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          { target: 'closed', actions: 'clear' },
        ],
        onError: {
          description: 'No suggestions; Enter still searches the keyword.',
          target: 'closed',
          actions: [
            'clear',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    open: {
      on: {
        'search.next': { guard: 'hasSuggestions', actions: 'moveNext' },
        'search.previous': { guard: 'hasSuggestions', actions: 'movePrevious' },
        'search.pick': {
          guard: { type: 'isSuggested', params: ({ event }) => ({ index: event.index }) },
          target: 'closed',
          actions: [
            // The room picked (`isSuggested` has just found it in the list).
            enqueueActions(({ context, event, enqueue }) => {
              const room = suggestionAt(context, event.index)
              if (room) enqueue({ type: 'openRoom', params: { roomUrlKey: room.room_url_key } })
            }),
            'clear',
          ],
        },
        'search.submit': [
          {
            guard: 'hasActive',
            target: 'closed',
            actions: [
              // The room chosen (`hasActive` has just found it).
              enqueueActions(({ context, enqueue }) => {
                const room = activeRoomOf(context)
                if (room) enqueue({ type: 'openRoom', params: { roomUrlKey: room.room_url_key } })
              }),
              'clear',
            ],
          },
          {
            guard: 'hasKeyword',
            target: 'closed',
            actions: [
              'clear',
              {
                type: 'openResults',
                params: ({ context }) => ({ keyword: context.keyword.trim() }),
              },
            ],
          },
        ],
      },
    },
  },
})
