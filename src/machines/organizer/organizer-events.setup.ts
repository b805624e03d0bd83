import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  EntryDecisionBody,
  OrganizerEntry,
  OrganizerEvent,
} from '../../contract/event-entry.ts'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import {
  blankEventForm,
  eventFormErrors,
  eventFormOf,
  type EventFormKey,
  type EventFormValues,
} from '../../domain/event-form.ts'
import { notProvided } from '../not-provided.ts'

export interface OrganizerContext {
  nowMs: number
  events: OrganizerEvent[]
  /** The form being written: a new event (editingId null) or an edit. */
  form: EventFormValues | null
  editingId: number | null
  fieldErrors: Partial<Record<string, string>>
  /** The event whose entries are open, and its entries. */
  eventId: number | null
  entries: OrganizerEntry[]
  /** What the organizer typed per room: the reason to refuse, the division to approve into. */
  reasons: Record<number, string>
  blocks: Record<number, number>
  /** The decision being sent. */
  deciding: { roomId: number; decision: EntryDecisionBody['decision'] } | null
}

export type OrganizerEventMessage =
  | { type: 'organizer.retry' }
  | { type: 'form.new' }
  | { type: 'form.edit'; eventId: number }
  | { type: 'form.change'; field: EventFormKey; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'entries.open'; eventId: number }
  | { type: 'entries.close' }
  | { type: 'entry.reason'; roomId: number; reason: string }
  | { type: 'entry.block'; roomId: number; blockId: number }
  | { type: 'entry.approve'; roomId: number }
  | { type: 'entry.refuse'; roomId: number }

const fieldErrorsOf = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.fieldErrors : undefined
}

const entryOf = (context: OrganizerContext, roomId: number) =>
  context.entries.find((e) => e.room_id === roomId)
const eventOf = (context: OrganizerContext) =>
  context.events.find((e) => e.event_id === context.eventId)

/** The organizer machine's types, actors, actions and guards (organizer-events.machine.ts). */
export const organizerSetup = setup({
  types: {
    context: {} as OrganizerContext,
    events: {} as OrganizerEventMessage,
    input: {} as { nowMs: number },
  },
  actors: {
    loadEvents: fromPromise<OrganizerEvent[]>(notProvided('loadEvents')),
    saveEvent: fromPromise<OrganizerEvent, { eventId: number | null; form: EventFormValues }>(
      notProvided('saveEvent'),
    ),
    loadEntries: fromPromise<OrganizerEntry[], { eventId: number }>(notProvided('loadEntries')),
    decide: fromPromise<OrganizerEntry, { eventId: number; roomId: number } & EntryDecisionBody>(
      notProvided('decide'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    storeEvents: assign((_, events: OrganizerEvent[]) => ({ events })),
    openNew: assign(({ context }) => ({
      form: blankEventForm(context.nowMs),
      editingId: null,
      fieldErrors: {},
    })),
    openEdit: assign(({ context, event }) => {
      assertEvent(event, 'form.edit')
      const stored = context.events.find((e) => e.event_id === event.eventId)
      return stored
        ? { form: eventFormOf(stored), editingId: stored.event_id, fieldErrors: {} }
        : {}
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'form.change')
      if (!context.form) return {}
      const { [event.field]: _fixed, ...others } = context.fieldErrors
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors: others }
    }),
    checkForm: assign(({ context }) => ({
      fieldErrors: context.form ? eventFormErrors(context.form) : {},
    })),
    storeSaved: assign(({ context }, saved: OrganizerEvent) => ({
      events: [saved, ...context.events.filter((e) => e.event_id !== saved.event_id)],
      form: null,
      editingId: null,
      fieldErrors: {},
    })),
    storeFieldErrors: assign((_, params: { error: unknown }) => ({
      fieldErrors: fieldErrorsOf(params.error) ?? {},
    })),
    closeForm: assign({ form: null, editingId: null, fieldErrors: {} }),
    openEntries: assign(({ event }) => {
      assertEvent(event, 'entries.open')
      return { eventId: event.eventId, entries: [], reasons: {}, blocks: {} }
    }),
    storeEntries: assign((_, entries: OrganizerEntry[]) => ({ entries })),
    closeEntries: assign({ eventId: null, entries: [] }),
    typeReason: assign(({ context, event }) => {
      assertEvent(event, 'entry.reason')
      return { reasons: { ...context.reasons, [event.roomId]: event.reason } }
    }),
    chooseBlock: assign(({ context, event }) => {
      assertEvent(event, 'entry.block')
      return { blocks: { ...context.blocks, [event.roomId]: event.blockId } }
    }),
    startDecision: assign(({ event }) => {
      assertEvent(event, ['entry.approve', 'entry.refuse'])
      return {
        deciding: {
          roomId: event.roomId,
          decision: event.type === 'entry.approve' ? ('approve' as const) : ('refuse' as const),
        },
      }
    }),
    storeDecided: assign(({ context }, entry: OrganizerEntry) => {
      const { [entry.room_id]: _sent, ...reasons } = context.reasons
      return {
        entries: context.entries.map((e) => (e.room_id === entry.room_id ? entry : e)),
        reasons,
        deciding: null,
      }
    }),
    endDecision: assign({ deciding: null }),
  },
  guards: {
    formPasses: ({ context }) =>
      context.form !== null && Object.keys(eventFormErrors(context.form)).length === 0,
    hasFieldErrors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) !== undefined,
    isKnownEvent: ({ context, event }) =>
      (event.type === 'form.edit' || event.type === 'entries.open') &&
      context.events.some((e) => e.event_id === event.eventId),
    /** A waiting or refused entry may be approved; a block event needs its division chosen. */
    mayApprove: ({ context, event }) => {
      if (event.type !== 'entry.approve') return false
      const entry = entryOf(context, event.roomId)
      const needsBlock = (eventOf(context)?.blocks.length ?? 0) > 0
      return (
        entry !== undefined &&
        entry.status !== 'approved' &&
        (!needsBlock || context.blocks[event.roomId] !== undefined)
      )
    },
    /** A waiting entry may be refused, with a reason the owner will read. */
    mayRefuse: ({ context, event }) =>
      event.type === 'entry.refuse' &&
      entryOf(context, event.roomId)?.status === 'applied' &&
      (context.reasons[event.roomId] ?? '').trim() !== '',
  },
})
