import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { NO_ROOM_ERROR, type RoomBackgroundsAnswer } from '../../contract/room-background.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

/** One change to the room's backgrounds, as `/api/room_backgrounds/…` takes it. */
export type BackgroundRequest =
  | { op: 'current'; id: number }
  | { op: 'reset' }
  | { op: 'favorite'; id: number; isFavorite: boolean }
  | { op: 'fixed'; isFixed: boolean }

/** A change made: what was asked, and the room's whole state after it. */
export interface BackgroundSaved {
  request: BackgroundRequest
  answer: RoomBackgroundsAnswer
}

export interface RoomBackgroundContext {
  /** The room's state as the server last answered it (null until the first load). */
  answer: RoomBackgroundsAnswer | null
  /** The change being sent (the view marks its tile busy); null when none is. */
  request: BackgroundRequest | null
}

export type RoomBackgroundEvent =
  | { type: 'background.choose'; id: number }
  | { type: 'background.reset' }
  | { type: 'background.favorite'; id: number; isFavorite: boolean }
  | { type: 'background.fix'; isFixed: boolean }
  | { type: 'background.retry' }

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The change an event asks for. */
function requestOf(event: RoomBackgroundEvent): BackgroundRequest {
  assertEvent(event, [
    'background.choose',
    'background.reset',
    'background.favorite',
    'background.fix',
  ])
  switch (event.type) {
    case 'background.choose':
      return { op: 'current', id: event.id }
    case 'background.reset':
      return { op: 'reset' }
    case 'background.favorite':
      return { op: 'favorite', id: event.id, isFavorite: event.isFavorite }
    case 'background.fix':
      return { op: 'fixed', isFixed: event.isFixed }
  }
}

const SAVED_KEYS: Record<BackgroundRequest['op'], string> = {
  current: 'roomBackground.chosen',
  reset: 'roomBackground.resetDone',
  favorite: 'roomBackground.favoriteSaved',
  fixed: 'roomBackground.fixedSaved',
}

/**
 * `/room_background` (issue #21): the room owner's backgrounds — the one shown, favourites, fixed
 * or drawn among the favourites at each live, and a reset to none. A refused or failed change
 * keeps the state last answered and says why in a toast; an account without a room is told so.
 */
export const roomBackgroundMachine = setup({
  types: {
    context: {} as RoomBackgroundContext,
    events: {} as RoomBackgroundEvent,
  },
  actors: {
    loadBackgrounds: fromPromise<RoomBackgroundsAnswer>(notProvided('loadBackgrounds')),
    saveBackground: fromPromise<BackgroundSaved, BackgroundRequest>(notProvided('saveBackground')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    store: assign((_, answer: RoomBackgroundsAnswer) => ({ answer, request: null })),
    ask: assign(({ event }) => ({ request: requestOf(event) })),
    forget: assign({ request: null }),
  },
  guards: {
    isNoRoom: (_, { error }: { error: unknown }) => {
      const failure = failureOf(error)
      return failure.kind === 'server' && failure.errorType === NO_ROOM_ERROR
    },
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
}).createMachine({
  id: 'roomBackground',
  context: { answer: null, request: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBackgrounds',
        src: 'loadBackgrounds',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isNoRoom', params: errorParams },
            target: 'noRoom',
            description: 'The account owns no room: the page explains, it is not an error.',
          },
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
      description: 'Not loaded (connection, server): a retry asks again.',
      on: { 'background.retry': 'loading' },
    },
    noRoom: { description: 'Only a room owner has backgrounds to manage.' },
    ready: {
      on: {
        'background.choose': { target: 'saving', actions: 'ask' },
        'background.reset': { target: 'saving', actions: 'ask' },
        'background.favorite': { target: 'saving', actions: 'ask' },
        'background.fix': { target: 'saving', actions: 'ask' },
      },
    },
    saving: {
      description: 'One change at a time: the page waits for its answer (the whole state).',
      invoke: {
        id: 'saveBackground',
        src: 'saveBackground',
        // The event that asked for the change (`ask` keeps it in context for the view).
        input: ({ event }) => requestOf(event),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'notify',
              params: ({ event }) => ({
                tone: 'success',
                key: SAVED_KEYS[event.output.request.op],
              }),
            },
            { type: 'store', params: ({ event }) => event.output.answer },
          ],
        },
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'ready',
            actions: ['forget', 'requireLogin'],
            description: 'The login has expired: the login modal opens; nothing changed.',
          },
          {
            target: 'ready',
            actions: ['forget', { type: 'reportError', params: errorParams }],
            description: 'Refused (not held, no longer the owner) or failed: the state stays.',
          },
        ],
      },
    },
  },
})
