import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { NextLiveAnswer, NextLiveBody } from '../../contract/follow.ts'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import { tokyoLocalInput } from '../../domain/schedule.ts'
import { notProvided } from '../not-provided.ts'

export interface NextLiveContext {
  roomId: number
  /** The schedule as the server last answered it; null until loaded or if it could not be. */
  next: NextLiveAnswer | null
  /** The owner's form: a datetime-local value (Tokyo) and a title, kept as typed on an error. */
  startsAt: string
  title: string
  /** The server's message per refused field (`starts_at`, `title`), or for the whole form. */
  errors: Partial<Record<string, string>>
}

export type NextLiveEvent =
  | { type: 'nextLive.edit'; field: 'startsAt' | 'title'; value: string }
  | { type: 'nextLive.save' }
  | { type: 'nextLive.clear' }

const refused = (error: unknown) => {
  const f = failureOf(error)
  return f.kind === 'server' && f.status === 400 ? f : null
}

/**
 * A room's next live (`/api/room/next_live`): loaded for everyone on the room page; its owner
 * sets it (a Tokyo date and time and a title) or clears it from the owner panel.
 */
export const nextLiveMachine = setup({
  types: {
    context: {} as NextLiveContext,
    events: {} as NextLiveEvent,
    input: {} as { roomId: number },
  },
  actors: {
    loadNextLive: fromPromise<NextLiveAnswer, { roomId: number }>(notProvided('loadNextLive')),
    saveNextLive: fromPromise<NextLiveAnswer, NextLiveBody>(notProvided('saveNextLive')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    edit: assign(({ context, event }) => {
      assertEvent(event, 'nextLive.edit')
      const key = event.field === 'startsAt' ? 'starts_at' : 'title'
      // The field typed in is no longer the one refused.
      const { [key]: _fixed, ...errors } = context.errors
      return { [event.field]: event.value, errors }
    }),
    store: assign((_, next: NextLiveAnswer) => ({
      next,
      startsAt: next.epoch === null ? '' : tokyoLocalInput(next.epoch),
      title: next.epoch === null ? '' : next.title,
      errors: {},
    })),
    storeErrors: assign((_, { error }: { error: unknown }) => {
      const f = refused(error)
      return { errors: f?.fieldErrors ?? { form: f?.message ?? '' } }
    }),
  },
  guards: {
    /** The server refused the form (400: a past time, a long title): its messages are shown. */
    isRefused: (_, { error }: { error: unknown }) => refused(error) !== null,
  },
}).createMachine({
  id: 'nextLive',
  context: ({ input }) => ({
    roomId: input.roomId,
    next: null,
    startsAt: '',
    title: '',
    errors: {},
  }),
  initial: 'loading',
  // Typing is never lost, whatever the machine is doing (a save's answer replaces the form).
  on: { 'nextLive.edit': { actions: 'edit' } },
  states: {
    loading: {
      invoke: {
        id: 'loadNextLive',
        src: 'loadNextLive',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        // A side line of the room page: without it the room works, so no error is shown.
        onError: 'ready',
      },
    },
    ready: {
      on: {
        'nextLive.save': 'saving',
        'nextLive.clear': 'clearing',
      },
    },
    saving: {
      invoke: {
        id: 'saveNextLive',
        src: 'saveNextLive',
        input: ({ context }) => ({
          room_id: String(context.roomId),
          starts_at: context.startsAt,
          title: context.title.trim(),
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'store', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'owner.nextLiveSaved' } },
          ],
        },
        onError: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: { type: 'storeErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'ready',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    clearing: {
      description: 'An empty time clears the schedule; the form is emptied with it.',
      invoke: {
        id: 'clearNextLive',
        src: 'saveNextLive',
        input: ({ context }) => ({ room_id: String(context.roomId), starts_at: '', title: '' }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'store', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'owner.nextLiveCleared' } },
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
