import { blankEventForm } from '../../domain/event-form.ts'
import { organizerSetup } from './organizer-events.setup.ts'

export type { OrganizerContext, OrganizerEventMessage } from './organizer-events.setup.ts'

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
              { guard: 'formPasses', target: 'saving' },
              {
                description: 'Shows every field that does not pass; nothing is sent.',
                actions: 'checkForm',
              },
            ],
            'form.cancel': { target: '#organizerEvents.list', actions: 'closeForm' },
          },
        },
        saving: {
          invoke: {
            id: 'saveEvent',
            src: 'saveEvent',
            input: ({ context }) => ({
              eventId: context.editingId,
              form: context.form ?? blankEventForm(context.nowMs),
            }),
            onDone: {
              target: '#organizerEvents.list',
              actions: [
                { type: 'storeSaved', params: ({ event }) => event.output },
                { type: 'notify', params: { tone: 'success', key: 'organizer.saved' } },
              ],
            },
            onError: [
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
            input: ({ context }) => ({ eventId: context.eventId ?? 0 }),
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
            'entry.approve': { guard: 'mayApprove', target: 'deciding', actions: 'startDecision' },
            'entry.refuse': { guard: 'mayRefuse', target: 'deciding', actions: 'startDecision' },
          },
        },
        deciding: {
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context }) => {
              const roomId = context.deciding?.roomId ?? 0
              const decision = context.deciding?.decision ?? 'approve'
              const blockId = context.blocks[roomId]
              return {
                eventId: context.eventId ?? 0,
                roomId,
                decision,
                ...(decision === 'refuse'
                  ? { reason: context.reasons[roomId] ?? '' }
                  : blockId === undefined
                    ? {}
                    : { block_id: blockId }),
              }
            },
            onDone: {
              target: 'shown',
              actions: { type: 'storeDecided', params: ({ event }) => event.output },
            },
            onError: {
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
