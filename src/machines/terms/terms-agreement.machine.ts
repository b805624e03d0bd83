import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { TermsAgreementAnswer } from '../../contract/terms.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

/** Whose page: a user's `/agree_new_terms`, or an organizer's `/organizer/agree_new_terms`. */
export type TermsHolder = 'user' | 'organizer'

export interface TermsAgreementInput {
  holder: TermsHolder
  /** The terms in force as the page shows them (the current user's `terms_version`). */
  version: string
  /** Where the account was going when it was sent here; home when it came by itself. */
  returnPath: string | null
}

export interface TermsAgreementContext extends TermsAgreementInput {
  /** The "I have read the terms" box: agreeing waits for it. */
  checked: boolean
}

export type TermsAgreementEvent =
  { type: 'terms.check'; checked: boolean } | { type: 'terms.agree' }

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * The agree_new_terms pages (issue #21, SPEC.md §2): the new terms are read, the box ticked, the
 * agreement sent; then the account goes on to the page it was opening. A refusal keeps the page
 * (and the tick) with the server's message; terms changed meanwhile are shown afresh.
 */
export const termsAgreementMachine = setup({
  types: {
    context: {} as TermsAgreementContext,
    events: {} as TermsAgreementEvent,
    input: {} as TermsAgreementInput,
  },
  actors: {
    agree: fromPromise<TermsAgreementAnswer, { holder: TermsHolder; version: string }>(
      notProvided('agree'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    reloadPage: () => {},
    goTo: (_, _params: { path: string }) => {},
    check: assign(({ event }) => {
      assertEvent(event, 'terms.check')
      return { checked: event.checked }
    }),
  },
  guards: {
    isChecked: ({ context }) => context.checked,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
    termsChanged: (_, { error }: { error: unknown }) => {
      const failure = failureOf(error)
      return failure.kind === 'server' && failure.status === 409
    },
  },
}).createMachine({
  id: 'termsAgreement',
  context: ({ input }) => ({ ...input, checked: false }),
  initial: 'reading',
  states: {
    reading: {
      on: {
        'terms.check': { actions: 'check' },
        'terms.agree': [
          { guard: 'isChecked', target: 'agreeing' },
          {
            description: 'Not ticked yet: the box says it must be.',
            actions: { type: 'notify', params: { tone: 'error', key: 'newTerms.mustCheck' } },
          },
        ],
      },
    },
    agreeing: {
      invoke: {
        id: 'agree',
        src: 'agree',
        input: ({ context }) => ({ holder: context.holder, version: context.version }),
        onDone: {
          target: 'agreed',
          actions: [
            { type: 'notify', params: { tone: 'success', key: 'newTerms.agreed' } },
            { type: 'goTo', params: ({ context }) => ({ path: context.returnPath ?? '/' }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'reading',
            actions: 'requireLogin',
            description: 'The login has expired: the login modal opens; the page waits.',
          },
          {
            guard: { type: 'termsChanged', params: errorParams },
            target: 'reloading',
            description: 'The terms changed while the page was open: it loads the new ones.',
            actions: [{ type: 'reportError', params: errorParams }, 'reloadPage'],
          },
          {
            target: 'reading',
            description: 'Not recorded (connection, server): the message shows, agree again.',
            actions: { type: 'reportError', params: errorParams },
          },
        ],
      },
    },
    agreed: { type: 'final', description: 'Recorded: on to the page the account was opening.' },
    reloading: { type: 'final', description: 'The page loads again, with the terms now in force.' },
  },
})
