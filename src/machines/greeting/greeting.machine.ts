import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { GREETING_MAX, type GreetingAnswer, type GreetingBody } from '../../contract/follow.ts'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface GreetingContext {
  roomId: number
  /** The greeting as the server last answered it ('' for none, or for a viewer not following). */
  greeting: string
  /** Whether the viewer may read it: a follower or the owner. */
  isShown: boolean
  /** The owner's text, kept as typed on an error. */
  draft: string
  /** The server's message when it refused the text; null otherwise. */
  error: string | null
}

export type GreetingEvent =
  | { type: 'greeting.edit'; text: string }
  | { type: 'greeting.save' }
  | { type: 'greeting.clear' }
  | { type: 'greeting.retry' }

/** The greeting's length as the server bounds it (GREETING_MAX, of the text sent: trimmed). */
export const greetingLength = (text: string) => text.trim().length

const refusedMessage = (error: unknown) => {
  const f = failureOf(error)
  return f.kind === 'server' && f.status === 400 ? f.message : null
}

const saved = (answer: GreetingAnswer): Notice => ({
  tone: 'success',
  key: answer.greeting === '' ? 'owner.greetingRemoved' : 'owner.greetingSaved',
})

/**
 * The owner's greeting to the room's followers (issue #20, `/api/room/greeting`): a follower
 * reads it on the room page; the owner writes it (at most GREETING_MAX characters) or removes
 * it from the owner panel. Someone who is not following gets `is_shown: false` and sees nothing.
 */
export const greetingMachine = setup({
  types: {
    context: {} as GreetingContext,
    events: {} as GreetingEvent,
    input: {} as { roomId: number },
  },
  actors: {
    loadGreeting: fromPromise<GreetingAnswer, { roomId: number }>(notProvided('loadGreeting')),
    saveGreeting: fromPromise<GreetingAnswer, GreetingBody>(notProvided('saveGreeting')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, answer: GreetingAnswer) => ({
      greeting: answer.greeting,
      isShown: answer.is_shown,
      draft: answer.greeting,
      error: null,
    })),
    edit: assign(({ event }) => {
      assertEvent(event, 'greeting.edit')
      return { draft: event.text, error: null }
    }),
    storeRefusal: assign((_, { error }: { error: unknown }) => ({ error: refusedMessage(error) })),
  },
  guards: {
    /** Within GREETING_MAX: a longer text is not sent (the form says so as it is typed). */
    fits: ({ context }) => greetingLength(context.draft) <= GREETING_MAX,
    isRefused: (_, { error }: { error: unknown }) => refusedMessage(error) !== null,
  },
}).createMachine({
  id: 'greeting',
  context: ({ input }) => ({
    roomId: input.roomId,
    greeting: '',
    isShown: false,
    draft: '',
    error: null,
  }),
  initial: 'loading',
  // Typing is never lost, whatever the machine is doing (a save's answer replaces the form).
  on: { 'greeting.edit': { actions: 'edit' } },
  states: {
    loading: {
      invoke: {
        id: 'loadGreeting',
        src: 'loadGreeting',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'No card for viewers; the owner’s form offers a retry (a save would overwrite).',
      on: { 'greeting.retry': 'loading' },
    },
    ready: {
      on: {
        'greeting.save': { guard: 'fits', target: 'saving' },
        'greeting.clear': 'clearing',
      },
    },
    saving: {
      invoke: {
        id: 'saveGreeting',
        src: 'saveGreeting',
        input: ({ context }) => ({
          room_id: String(context.roomId),
          greeting: context.draft.trim(),
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'store', params: ({ event }) => event.output },
            { type: 'notify', params: ({ event }) => saved(event.output) },
          ],
        },
        onError: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'ready',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    clearing: {
      description: 'An empty greeting removes it.',
      invoke: {
        id: 'clearGreeting',
        src: 'saveGreeting',
        input: ({ context }) => ({ room_id: String(context.roomId), greeting: '' }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'store', params: ({ event }) => event.output },
            { type: 'notify', params: ({ event }) => saved(event.output) },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
