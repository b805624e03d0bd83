import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { OrganizerRoomsAnswer } from '../../contract/navigator.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface OrganizerRoomsContext {
  answer: OrganizerRoomsAnswer | null
  /** The room_url_key typed to ask for a link; kept through every refusal. */
  roomUrlKey: string
  /** Why the key was refused: an i18n key from the form's check, or the server's text. */
  keyError: string | null
}

export type OrganizerRoomsEvent =
  { type: 'rooms.retry' } | { type: 'link.change'; value: string } | { type: 'link.submit' }

/** SPEC §7: a room_url_key is at most this long (the body's `Text(100)`). */
export const ROOM_URL_KEY_MAX = 100

/** The typed key's problem (an i18n key), or null when it may be sent. */
export function roomKeyProblem(text: string): string | null {
  const key = text.trim()
  if (key === '') return 'organizerRooms.keyRequired'
  return Array.from(key).length > ROOM_URL_KEY_MAX ? 'organizerRooms.keyTooLong' : null
}

/** The server's message for the key, when it refused that field. */
function refusedKey(error: unknown): string | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server') return null
  return failure.fieldErrors?.room_url_key ?? null
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * The organizer's rooms (`/organizer/rooms`, issue #23): the rooms linked (asked or accepted),
 * who is on air, each room's last lives; a form asks to link one more by its room_url_key, the
 * text kept through a refusal, which says why by the field or in a toast.
 */
export const organizerRoomsMachine = setup({
  types: {
    context: {} as OrganizerRoomsContext,
    events: {} as OrganizerRoomsEvent,
  },
  actors: {
    loadRooms: fromPromise<OrganizerRoomsAnswer>(notProvided('loadRooms')),
    linkRoom: fromPromise<OrganizerRoomsAnswer, { roomUrlKey: string }>(notProvided('linkRoom')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    store: assign((_, answer: OrganizerRoomsAnswer) => ({ answer })),
    linked: assign((_, answer: OrganizerRoomsAnswer) => ({
      answer,
      roomUrlKey: '',
      keyError: null,
    })),
    typeKey: assign(({ event }) => {
      assertEvent(event, 'link.change')
      return { roomUrlKey: event.value, keyError: null }
    }),
    checkKey: assign(({ context }) => ({ keyError: roomKeyProblem(context.roomUrlKey) })),
    refuseKey: assign((_, { error }: { error: unknown }) => ({ keyError: refusedKey(error) })),
  },
  guards: {
    keyPasses: ({ context }) => roomKeyProblem(context.roomUrlKey) === null,
    isKeyRefused: (_, { error }: { error: unknown }) => refusedKey(error) !== null,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
}).createMachine({
  id: 'organizerRooms',
  context: { answer: null, roomUrlKey: '', keyError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRooms',
        src: 'loadRooms',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: { type: 'reportError', params: errorParams } },
      },
    },
    failed: { on: { 'rooms.retry': 'loading' } },
    ready: {
      on: {
        'link.change': { actions: 'typeKey' },
        'link.submit': [
          { guard: 'keyPasses', target: 'linking' },
          { actions: 'checkKey', description: 'An empty or too long key is not sent.' },
        ],
      },
    },
    linking: {
      on: { 'link.change': { actions: 'typeKey' } },
      invoke: {
        id: 'linkRoom',
        src: 'linkRoom',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey.trim() }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'linked', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'organizerRooms.asked' } },
          ],
        },
        onError: [
          {
            guard: { type: 'isKeyRefused', params: errorParams },
            target: 'ready',
            actions: { type: 'refuseKey', params: errorParams },
            description: 'No such room, or linked already: the message by the field, text kept.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'ready',
            actions: 'requireLogin',
          },
          { target: 'ready', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
  },
})
