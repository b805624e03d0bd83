import { assertEvent, stopChild } from 'xstate'
import { organizerSetup } from './organizer-events.setup.ts'

export type {
  DecideInput,
  OrganizerContext,
  OrganizerEventMessage,
  SaveInput,
} from './organizer-events.setup.ts'

/**
 * An organizer's events (`/organizer/events`): the list; a form to create or edit one (checked
 * field by field with the server's own rule before it is sent; the server's field errors shown
 * beside the fields; what was typed is kept through every failure); an event's entries, each
 * approved (into a division for a block event) or refused with a reason the owner reads.
 */
export const organizerEventsMachine = organizerSetup.createMachine({
  id: 'organizerEvents',
  context: ({ input }) => ({
    nowMs: input.nowMs,
    events: [],
    form: null,
    editingId: null,
    fieldErrors: {},
    eventId: null,
    entries: [],
    reasons: {},
    blocks: {},
    deciding: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEvents',
        src: 'loadEvents',
        onDone: {
          target: 'list',
          actions: { type: 'storeEvents', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The list could not be loaded; the organizer can try again.',
      on: { 'organizer.retry': 'loading' },
    },
    list: {
      on: {
        'form.new': { target: 'form', actions: 'openNew' },
        'form.edit': { guard: 'isKnownEvent', target: 'form', actions: 'openEdit' },
        'entries.open': { guard: 'isKnownEvent', target: 'entries', actions: 'openEntries' },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.change': { actions: 'change' },
            'form.submit': [
              { guard: 'formPasses', target: 'saving', actions: 'save' },
              {
                description: 'Shows every field that does not pass; nothing is sent.',
                actions: 'checkForm',
              },
            ],
            'form.cancel': { target: '#organizerEvents.list', actions: 'closeForm' },
          },
        },
        saving: {
          description: 'The form goes out as it passed (`save`, on the way in).',
          on: {
            'xstate.done.actor.saveEvent': {
              target: '#organizerEvents.list',
              actions: [
                { type: 'storeSaved', params: ({ event }) => event.output },
                { type: 'notify', params: { tone: 'success', key: 'organizer.saved' } },
              ],
            },
            'xstate.error.actor.saveEvent': [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: {
                  type: 'storeFieldErrors',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
              {
                target: 'editing',
                actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    entries: {
      initial: 'loading',
      on: { 'entries.close': { target: '#organizerEvents.list', actions: 'closeEntries' } },
      states: {
        loading: {
          invoke: {
            id: 'loadEntries',
            src: 'loadEntries',
            // The event opened: `entries` is only entered by an `entries.open`.
            input: ({ event }) => {
              assertEvent(event, 'entries.open')
              return { eventId: event.eventId }
            },
            onDone: {
              target: 'shown',
              actions: { type: 'storeEntries', params: ({ event }) => event.output },
            },
            onError: {
              target: '#organizerEvents.list',
              actions: [
                'closeEntries',
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        shown: {
          on: {
            'entry.reason': { actions: 'typeReason' },
            'entry.block': { actions: 'chooseBlock' },
            'entry.approve': {
              guard: 'mayApprove',
              target: 'deciding',
              actions: ['startDecision', 'sendDecision'],
            },
            'entry.refuse': {
              guard: 'mayRefuse',
              target: 'deciding',
              actions: ['startDecision', 'sendDecision'],
            },
          },
        },
        deciding: {
          description: 'The decision goes out as the rules let it (`sendDecision`, on the way in).',
          // Closing the entries meanwhile leaves the decision behind, as an invoke would.
          exit: stopChild('decide'),
          on: {
            'xstate.done.actor.decide': {
              target: 'shown',
              actions: { type: 'storeDecided', params: ({ event }) => event.output },
            },
            'xstate.error.actor.decide': {
              // The typed reason stays for another try.
              target: 'shown',
              actions: [
                'endDecision',
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
  },
})
