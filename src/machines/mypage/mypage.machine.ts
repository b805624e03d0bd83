import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import type { Account } from '../../domain/api-types.ts'
import { notProvided } from '../not-provided.ts'

export interface ProfileForm {
  name: string
  /** YYYYMMDD, or '' to leave it as it is. */
  birthday: string
}

export interface MypageContext {
  account: Account | null
  /** A message for the form; what the user typed stays in the form. */
  error: string | null
}

export type MypageEvent = { type: 'profile.save'; form: ProfileForm } | { type: 'account.retry' }

/** /mypage: the account, and saving nickname and birthday. */
export const mypageMachine = setup({
  types: { context: {} as MypageContext, events: {} as MypageEvent },
  actors: {
    loadAccount: fromPromise<Account>(notProvided('loadAccount')),
    saveProfile: fromPromise<unknown, ProfileForm>(notProvided('saveProfile')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    /** The header and the age gate read the user from the app machine. */
    refreshSession: () => {},
    store: assign((_, account: Account) => ({ account, error: null })),
    setError: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { error: failure.kind === 'server' ? failure.message : null }
    }),
  },
}).createMachine({
  id: 'mypage',
  context: { account: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: { on: { 'profile.save': 'saving' } },
    saving: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ event }) => {
          assertEvent(event, 'profile.save')
          return event.form
        },
        onDone: {
          target: 'loading',
          description: 'Saved: show it, and load the account and the session again.',
          actions: [
            { type: 'notify', params: { tone: 'success', key: 'mypage.saved' } },
            'refreshSession',
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: { on: { 'account.retry': 'loading' } },
  },
})
