import type { OrganizerApplicationAnswer } from '../../contract/organizer-application.ts'
import {
  EMPTY_APPLICATION,
  errorParams,
  organizerApplicationSetup,
} from './organizer-application.setup.ts'

export type {
  OrganizerApplicationContext,
  OrganizerApplicationErrors,
  OrganizerApplicationEvent,
} from './organizer-application.setup.ts'
export { EMPTY_APPLICATION } from './organizer-application.setup.ts'

const answer = ({ event }: { event: { output: OrganizerApplicationAnswer } }) => event.output

/** 確認画面へ from the form (or after a refusal): checked first, the messages by their fields. */
const next = [
  {
    guard: 'formInvalid' as const,
    actions: 'checkForm' as const,
    description: 'Checked before the review: the messages show by their fields, the text stays.',
  },
  { target: '#organizerApplication.confirming', actions: 'checkForm' as const },
]

/**
 * `/organizer/register` (issue #21 point 7): a user's application to become an event organizer.
 * A pending one, or an organizer, is shown as it stands; otherwise the form (a rejected
 * application's values to correct), its review, the send, and the pending state it leaves. What
 * was typed survives going back, every refusal and every failure.
 */
export const organizerApplicationMachine = organizerApplicationSetup.createMachine({
  id: 'organizerApplication',
  context: {
    application: null,
    isOrganizer: false,
    form: EMPTY_APPLICATION,
    errors: {},
    failure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        onDone: [
          {
            guard: { type: 'isOrganizer', params: answer },
            target: 'approved',
            actions: { type: 'store', params: answer },
          },
          {
            guard: { type: 'isPending', params: answer },
            target: 'pending',
            actions: { type: 'store', params: answer },
            description: 'Waiting for the operator: the values sent, not the form again.',
          },
          {
            target: 'editing',
            actions: [
              { type: 'store', params: answer },
              { type: 'prefill', params: answer },
            ],
            description: 'Never applied, or rejected (its reason shown, its values to correct).',
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: errorParams } },
      },
    },
    loadFailed: { on: { 'application.retry': 'loading' } },
    pending: { description: 'The application sent, waiting for the operator’s decision.' },
    approved: { description: 'An organizer: a link to /organizer/events.' },
    editing: {
      on: {
        'application.change': { actions: 'edit' },
        'application.next': next,
      },
    },
    confirming: {
      description: 'The values to read over, with 修正する and 申し込む.',
      on: {
        'application.back': 'editing',
        'application.submit': 'submitting',
      },
    },
    submitting: {
      entry: 'clearFailure',
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ body: { ...context.form } }),
        onDone: {
          target: 'done',
          actions: [{ type: 'store', params: answer }, 'refreshSession'],
        },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: errorParams },
            target: 'editing',
            actions: { type: 'refuseFields', params: errorParams },
            description: 'The server refused fields: back to the form, its messages by them.',
          },
          {
            guard: { type: 'isConflict', params: errorParams },
            target: 'loading',
            description: 'Pending or an organizer already (another tab): the page shows which.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'failed',
            actions: [{ type: 'holdFailure', params: errorParams }, 'requireLogin'],
            description: 'The login has expired: the login modal opens; the values wait.',
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
      description: 'Not sent (connection, server, too many): a banner offers to send again.',
      on: {
        'application.submit': 'submitting',
        'application.back': { target: 'editing', actions: 'clearFailure' },
      },
    },
    done: { description: 'Sent: pending, as the operator’s mail will decide.' },
  },
})
