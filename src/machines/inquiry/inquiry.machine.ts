import { and } from 'xstate'
import {
  EMPTY_INQUIRY,
  INQUIRY_PATHS,
  arrive,
  errorParams,
  inquirySetup,
  leaveConfirm,
} from './inquiry.setup.ts'

export type {
  Arrival,
  InquiryCategoryOption,
  InquiryContext,
  InquiryErrors,
  InquiryEvent,
  InquiryPage,
  InquiryReceipt,
} from './inquiry.setup.ts'
export { EMPTY_INQUIRY, INQUIRY_PATHS } from './inquiry.setup.ts'

const sendAgain = {
  'inquiry.send': { target: 'sending', actions: 'clearFailure' },
  'inquiry.fix': {
    target: 'editing',
    actions: ['clearFailure', { type: 'goTo', params: { path: INQUIRY_PATHS.post } }],
    description: '修正する: back to the form, the draft as it is.',
  },
} as const

/**
 * SPEC §2 /inquiry → /inquiry/post → /inquiry/confirm: the kind of inquiry, the form, the review
 * and the receipt. One actor serves the three pages (each says which it is with `inquiry.visit`,
 * so browser back and a reload land on the right step); the draft is kept in the tab until sent,
 * and survives every refusal and failure.
 */
export const inquiryMachine = inquirySetup.createMachine({
  id: 'inquiry',
  context: {
    page: 'category',
    categories: [],
    form: EMPTY_INQUIRY,
    errors: {},
    failure: null,
    receipt: null,
  },
  on: {
    'inquiry.visit': {
      actions: 'visit',
      description: 'Before the draft and the kinds are in (and while sending): the page noted.',
    },
  },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'readDraft',
        src: 'readDraft',
        onDone: {
          target: 'loading',
          actions: { type: 'restore', params: ({ event }) => event.output },
        },
        onError: { target: 'loading', description: 'The tab keeps nothing: a fresh form.' },
      },
    },
    loading: {
      invoke: {
        id: 'loadCategories',
        src: 'loadCategories',
        // The page last visited, with the draft restored (the same steps as `arrive`).
        onDone: [
          {
            guard: { type: 'arrives', params: { at: 'start', from: 'context' } },
            target: 'editing',
            actions: [
              { type: 'storeCategories', params: ({ event }) => event.output },
              { type: 'redirectTo', params: { path: INQUIRY_PATHS.category } },
            ],
          },
          {
            guard: { type: 'arrives', params: { at: 'fix', from: 'context' } },
            target: 'editing',
            actions: [
              { type: 'storeCategories', params: ({ event }) => event.output },
              'checkForm',
              { type: 'redirectTo', params: { path: INQUIRY_PATHS.post } },
            ],
          },
          {
            guard: { type: 'arrives', params: { at: 'review', from: 'context' } },
            target: 'reviewing',
            actions: { type: 'storeCategories', params: ({ event }) => event.output },
          },
          {
            target: 'editing',
            actions: { type: 'storeCategories', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: errorParams } },
      },
    },
    loadFailed: { on: { 'inquiry.retry': 'loading' } },
    editing: {
      on: {
        'inquiry.visit': arrive,
        'inquiry.change': {
          actions: ['edit', { type: 'keepDraft', params: ({ context }) => context.form }],
        },
        'inquiry.next': [
          {
            guard: and([
              { type: 'onPage', params: { page: 'category' as const } },
              'categoryMissing',
            ]),
            actions: 'checkCategory',
            description: 'No kind chosen: its message shows by the choices.',
          },
          {
            guard: { type: 'onPage', params: { page: 'category' } },
            actions: ['checkCategory', { type: 'goTo', params: { path: INQUIRY_PATHS.post } }],
          },
          {
            guard: and([{ type: 'onPage', params: { page: 'post' as const } }, 'formInvalid']),
            actions: 'checkForm',
            description: 'Checked before the review: the messages show by their fields.',
          },
          {
            guard: { type: 'onPage', params: { page: 'post' } },
            actions: ['checkForm', { type: 'goTo', params: { path: INQUIRY_PATHS.confirm } }],
          },
        ],
      },
    },
    reviewing: {
      description: '/inquiry/confirm: the draft, read-only, with 修正する and 送信する.',
      on: { 'inquiry.visit': leaveConfirm, ...sendAgain },
    },
    sending: {
      invoke: {
        id: 'sendInquiry',
        src: 'sendInquiry',
        input: ({ context }) => ({ body: { ...context.form } }),
        onDone: {
          target: 'sent',
          actions: [{ type: 'receive', params: ({ event }) => event.output }, 'forgetDraft'],
        },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: errorParams },
            target: 'editing',
            actions: [
              { type: 'refuseFields', params: errorParams },
              { type: 'goTo', params: { path: INQUIRY_PATHS.post } },
            ],
            description: 'The server refused fields: back to the form, its messages by them.',
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
      description: 'Not sent (connection, server): a banner offers to send the draft again.',
      on: { 'inquiry.visit': leaveConfirm, ...sendAgain },
    },
    sent: {
      description: 'The receipt number, and that a receipt went to the address given.',
      on: { 'inquiry.visit': leaveConfirm },
    },
  },
})
