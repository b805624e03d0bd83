import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate'
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
  | { type: 'xstate.done.actor.saveEvent'; output: OrganizerEvent }
  | { type: 'xstate.error.actor.saveEvent'; error: unknown }
  | { type: 'xstate.done.actor.decide'; output: OrganizerEntry }
  | { type: 'xstate.error.actor.decide'; error: unknown }

/** The form as it is saved: a new event (eventId null) or the one edited. */
export interface SaveInput {
  eventId: number | null
  form: EventFormValues
}

/** A decision as it is sent: the open event, the room and what was decided of its entry. */
export type DecideInput = { eventId: number; roomId: number } & EntryDecisionBody

type Decision = Extract<OrganizerEventMessage, { type: 'entry.approve' | 'entry.refuse' }>

const fieldErrorsOf = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.fieldErrors : undefined
}

const entryOf = (context: OrganizerContext, roomId: number) =>
  context.entries.find((e) => e.room_id === roomId)

/**
 * The form as it goes out: null with none open, or one the shared rule does not pass. The guard
 * that saves and the save itself read it here, so they cannot disagree.
 */
export function savingOf(c: OrganizerContext): SaveInput | null {
  if (c.form === null || Object.keys(eventFormErrors(c.form)).length > 0) return null
  return { eventId: c.editingId, form: c.form }
}

/**
 * A decision as it goes out, or null when the rules refuse it: a waiting or refused entry may be
 * approved (into a division, chosen, for a block event); a waiting one refused, with a reason the
 * owner will read. The guards and the call read it here.
 */
export function decisionOf(c: OrganizerContext, decision: Decision): DecideInput | null {
  const { roomId } = decision
  const event = c.events.find((e) => e.event_id === c.eventId)
  const entry = entryOf(c, roomId)
  if (c.eventId === null || event === undefined || entry === undefined) return null
  if (decision.type === 'entry.refuse') {
    const reason = c.reasons[roomId]
    if (entry.status !== 'applied' || reason === undefined || reason.trim() === '') return null
    return { eventId: c.eventId, roomId, decision: 'refuse', reason }
  }
  const blockId = c.blocks[roomId]
  if (entry.status === 'approved' || (event.blocks.length > 0 && blockId === undefined)) return null
  return {
    eventId: c.eventId,
    roomId,
    decision: 'approve',
    ...(blockId === undefined ? {} : { block_id: blockId }),
  }
}

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
    /** The server's field errors, by their fields (`hasFieldErrors` has just found them). */
    storeFieldErrors: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const fieldErrors = fieldErrorsOf(params.error)
      if (fieldErrors) enqueue.assign({ fieldErrors })
    }),
    /** Saves the form as it stands (`formPasses` has just passed it). */
    save: enqueueActions(({ context, enqueue }) => {
      const saving = savingOf(context)
      if (saving) enqueue.spawnChild('saveEvent', { id: 'saveEvent', input: saving })
    }),
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
    /** Sends the decision as the rules let it go (`mayApprove` or `mayRefuse` has just). */
    sendDecision: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ['entry.approve', 'entry.refuse'])
      const decision = decisionOf(context, event)
      if (decision) enqueue.spawnChild('decide', { id: 'decide', input: decision })
    }),
  },
  guards: {
    formPasses: ({ context }) => savingOf(context) !== null,
    hasFieldErrors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) !== undefined,
    isKnownEvent: ({ context, event }) => {
      assertEvent(event, ['form.edit', 'entries.open'])
      return context.events.some((e) => e.event_id === event.eventId)
    },
    /** A waiting or refused entry may be approved; a block event needs its division chosen. */
    mayApprove: ({ context, event }) => {
      assertEvent(event, 'entry.approve')
      return decisionOf(context, event) !== null
    },
    /** A waiting entry may be refused, with a reason the owner will read. */
    mayRefuse: ({ context, event }) => {
      assertEvent(event, 'entry.refuse')
      return decisionOf(context, event) !== null
    },
  },
})
