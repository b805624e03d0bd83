import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface ResetContext {
  accountId: string
  /** The registered phone, masked, once the account is found. */
  phone: string | null
  error: string | null
}

export type ResetEvent =
  | { type: 'reset.start'; accountId: string }
  | { type: 'reset.send' }
  | { type: 'reset.finish'; code: string; password: string; passwordConfirm: string }
  | { type: 'reset.restart' }

const failed = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.message : null
}

/** /reset_password/sms: the account, a code by SMS to its phone, then a new password. */
export const passwordResetMachine = setup({
  types: { context: {} as ResetContext, events: {} as ResetEvent },
  actors: {
    startReset: fromPromise<{ phone: string }, { accountId: string }>(notProvided('startReset')),
    sendCode: fromPromise<{ phone: string }, { accountId: string }>(notProvided('sendCode')),
    finishReset: fromPromise<
      unknown,
      { accountId: string; code: string; password: string; passwordConfirm: string }
    >(notProvided('finishReset')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    setAccount: assign(({ event }) => {
      assertEvent(event, 'reset.start')
      return { accountId: event.accountId.trim(), error: null }
    }),
    setPhone: assign((_, params: { phone: string }) => ({ phone: params.phone, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ error: failed(params.error) })),
    clear: assign({ accountId: '', phone: null, error: null }),
  },
}).createMachine({
  id: 'passwordReset',
  context: { accountId: '', phone: null, error: null },
  initial: 'enteringAccount',
  states: {
    enteringAccount: { on: { 'reset.start': { target: 'finding', actions: 'setAccount' } } },
    finding: {
      invoke: {
        id: 'startReset',
        src: 'startReset',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: {
          target: 'confirming',
          actions: { type: 'setPhone', params: ({ event }) => event.output },
        },
        onError: {
          target: 'enteringAccount',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirming: {
      description: 'Shows the masked phone the code will go to.',
      on: {
        'reset.send': 'sending',
        'reset.restart': { target: 'enteringAccount', actions: 'clear' },
      },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: {
          target: 'enteringCode',
          actions: { type: 'setPhone', params: ({ event }) => event.output },
        },
        onError: {
          target: 'confirming',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    enteringCode: {
      on: {
        'reset.finish': 'finishing',
        'reset.send': { target: 'sending', description: 'Send the code again.' },
      },
    },
    finishing: {
      invoke: {
        id: 'finishReset',
        src: 'finishReset',
        input: ({ context, event }) => {
          assertEvent(event, 'reset.finish')
          return {
            accountId: context.accountId,
            code: event.code,
            password: event.password,
            passwordConfirm: event.passwordConfirm,
          }
        },
        onDone: {
          target: 'done',
          actions: { type: 'notify', params: { tone: 'success', key: 'reset.done' } },
        },
        onError: {
          target: 'enteringCode',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { type: 'final' },
  },
})
