import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { OpinionAnswer, OpinionBody } from '../../contract/inquiry.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { opinionProblem } from '../../domain/inquiry.ts'
import { notProvided } from '../not-provided.ts'

export const OPINION_COMPLETE_PATH = '/opinion/complete'

export interface OpinionContext {
  /** The opinion as typed: only typing changes it, never a refusal or a failure. */
  body: string
  /** Why the text was refused (the form's own check or the server's), or null. */
  error: string | null
  /** The server's own words for a send it refused as a whole (too many, 429); null: none. */
  failure: string | null
}

export type OpinionEvent = { type: 'opinion.change'; value: string } | { type: 'opinion.submit' }

/** The server's refusal of the text, or null. */
function refusedBody(error: unknown): string | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server') return null
  return failure.fieldErrors?.body ?? null
}

/** The server's own message for a refusal of the whole send (429), or null. */
function serverMessage(error: unknown): string | null {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.message : null
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * SPEC §2 /opinion/new: one text, checked, sent, and then /opinion/complete says thank you. What
 * was typed survives every refusal and failure.
 */
export const opinionMachine = setup({
  types: {
    context: {} as OpinionContext,
    events: {} as OpinionEvent,
  },
  actors: {
    sendOpinion: fromPromise<OpinionAnswer, { body: OpinionBody }>(notProvided('sendOpinion')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    goTo: (_, _params: { path: string }) => {},
    edit: assign(({ event }) => {
      assertEvent(event, 'opinion.change')
      return { body: event.value, error: null }
    }),
    check: assign(({ context }) => ({ error: opinionProblem(context.body) })),
    /** The server's refusal of the text (`isRefused` has just found it). */
    refuse: assign((_, { error }: { error: unknown }) => ({ error: refusedBody(error) })),
    holdFailure: assign((_, { error }: { error: unknown }) => ({ failure: serverMessage(error) })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    bodyInvalid: ({ context }) => opinionProblem(context.body) !== null,
    isRefused: (_, { error }: { error: unknown }) => refusedBody(error) !== null,
    hasServerMessage: (_, { error }: { error: unknown }) => serverMessage(error) !== null,
  },
}).createMachine({
  id: 'opinion',
  context: { body: '', error: null, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'opinion.change': { actions: 'edit' },
        'opinion.submit': [
          {
            guard: 'bodyInvalid',
            actions: 'check',
            description: 'Checked before it is sent: the message shows by the text.',
          },
          { target: 'sending', actions: 'check' },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendOpinion',
        src: 'sendOpinion',
        input: ({ context }) => ({ body: { body: context.body } }),
        onDone: {
          target: 'sent',
          actions: { type: 'goTo', params: { path: OPINION_COMPLETE_PATH } },
        },
        onError: [
          {
            guard: { type: 'isRefused', params: errorParams },
            target: 'editing',
            actions: { type: 'refuse', params: errorParams },
            description: 'The server refused the text: its message by it, the text kept.',
          },
          {
            guard: { type: 'hasServerMessage', params: errorParams },
            target: 'failed',
            actions: { type: 'holdFailure', params: errorParams },
            description: 'Refused as a whole (too many sent): its words in a banner.',
          },
          {
            target: 'failed',
            actions: [
              { type: 'holdFailure', params: errorParams },
              { type: 'reportError', params: errorParams },
            ],
          },
        ],
      },
    },
    failed: {
      description: 'Not sent (connection, server): a banner offers to send the text again.',
      on: {
        'opinion.change': { actions: 'edit' },
        'opinion.submit': [
          { guard: 'bodyInvalid', target: 'editing', actions: ['check', 'clearFailure'] },
          { target: 'sending', actions: ['check', 'clearFailure'] },
        ],
      },
    },
    sent: { description: 'Sent: the page goes to /opinion/complete, which thanks the sender.' },
  },
})
