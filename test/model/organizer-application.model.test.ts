import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type {
  OrganizerApplication,
  OrganizerApplicationAnswer,
  OrganizerApplicationBody,
} from '../../src/contract/organizer-application.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { INVOICE_NUMBER_MESSAGES } from '../../src/domain/invoice.ts'
import { organizerApplicationProblems } from '../../src/domain/organizer-application.ts'
import { organizerApplicationMachine } from '../../src/machines/organizer-application/organizer-application.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const server = (
  status: number,
  extra: { message?: string; fieldErrors?: Record<string, string> },
) =>
  new ApiRequestError({
    kind: 'server',
    status,
    message: extra.message ?? null,
    errorType: null,
    redirectUrl: null,
    ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
  })
const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = server(401, { message: 'ログインしてください' })
const tooMany = server(429, { message: '送信が多すぎます。' })
const conflict = server(409, { message: '審査中です。' })
const phoneRefused = server(400, { fieldErrors: { contact_phone: '電話番号を数字で…' } })

const sent: OrganizerApplication = {
  id: 3,
  status: 'pending',
  company_name: '株式会社きらり',
  contact_name: '山田 花子',
  contact_mail: 'a@kirari.example',
  contact_phone: '0312345678',
  invoice_number: null,
  created_at: 1_764_000_000,
  decided_at: null,
  decided_note: '',
}
const none: OrganizerApplicationAnswer = { application: null, is_organizer: false }
const pending: OrganizerApplicationAnswer = { application: sent, is_organizer: false }
const approved: OrganizerApplicationAnswer = {
  application: { ...sent, status: 'approved', decided_at: 1_764_100_000 },
  is_organizer: true,
}
const rejected: OrganizerApplicationAnswer = {
  application: { ...sent, status: 'rejected', decided_at: 1_764_100_000, decided_note: '不備' },
  is_organizer: false,
}

const events = [
  { type: 'application.change', field: 'company_name', value: '株式会社きらり' },
  { type: 'application.change', field: 'contact_name', value: '山田 花子' },
  { type: 'application.change', field: 'contact_mail', value: 'a@kirari.example' },
  { type: 'application.change', field: 'contact_phone', value: '03-1234-5678' },
  { type: 'application.change', field: 'invoice_number', value: 'T7000012050003' },
  { type: 'application.next' },
  { type: 'application.back' },
  { type: 'application.submit' },
  { type: 'application.retry' },
  { type: 'xstate.done.actor.loadApplication', output: none },
  { type: 'xstate.done.actor.loadApplication', output: pending },
  { type: 'xstate.done.actor.loadApplication', output: approved },
  { type: 'xstate.done.actor.loadApplication', output: rejected },
  { type: 'xstate.error.actor.loadApplication', error: lost },
  { type: 'xstate.done.actor.submitApplication', output: pending },
  { type: 'xstate.error.actor.submitApplication', error: phoneRefused },
  { type: 'xstate.error.actor.submitApplication', error: conflict },
  { type: 'xstate.error.actor.submitApplication', error: loggedOut },
  { type: 'xstate.error.actor.submitApplication', error: tooMany },
  { type: 'xstate.error.actor.submitApplication', error: lost },
] as Array<EventFromLogic<typeof organizerApplicationMachine>>

type Snapshot = ReturnType<typeof organizerApplicationMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('organizer application machine graph', () => {
  it('loads, edits, reviews and sends; the typed text survives every step back and refusal', () => {
    const result = walkMachine(organizerApplicationMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        form: s.context.form,
        errors: s.context.errors,
        failure: s.context.failure,
        status: s.context.application?.status ?? null,
      }),
      invariant: (from: Snapshot, sentEvent, to: Snapshot) => {
        // The walk also sends the actors' done and error events, which the event type leaves out.
        const event = sentEvent as { type: string; field?: string; error?: unknown }
        // Nothing typed is lost: only typing and a first load (into a blank form) change it.
        if (event.type !== 'application.change') {
          if (event.type === 'xstate.done.actor.loadApplication' && to.matches('editing')) {
            const blank = Object.values(from.context.form).every((v) => v === '')
            if (!blank) expect(to.context.form).toEqual(from.context.form)
          } else expect(to.context.form).toEqual(from.context.form)
        }
        // Only a form its own check passes is reviewed, and only a reviewed one is sent.
        if (to.matches('confirming'))
          expect(organizerApplicationProblems(to.context.form)).toEqual({})
        if (to.matches('submitting') && !from.matches('submitting'))
          expect(from.matches('confirming') || from.matches('failed')).toBe(true)
        // A refusal says why, by the fields.
        if (from.matches('submitting') && event.error === phoneRefused) {
          expect(to.matches('editing')).toBe(true)
          expect(to.context.errors).toEqual({ contact_phone: '電話番号を数字で…' })
        }
        if (event.type === 'application.next' && to.matches('editing'))
          expect(Object.keys(to.context.errors).length).toBeGreaterThan(0)
        // Typing in a refused field clears its message.
        if (event.type === 'application.change' && event.field)
          expect(to.context.errors).not.toHaveProperty(event.field)
        // A refusal of the whole send keeps the server's words.
        if (from.matches('submitting') && event.error === tooMany)
          expect(to.context.failure).toBe('送信が多すぎます。')
        // A pending application is never shown the form; an organizer sees that they are one.
        if (to.matches('pending')) expect(to.context.application?.status).toBe('pending')
        if (to.matches('approved')) expect(to.context.isOrganizer).toBe(true)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('checks before the review, goes back with every value, and sends the form as typed', async () => {
    const bodies: OrganizerApplicationBody[] = []
    let refreshed = 0
    const actor = createActor(
      organizerApplicationMachine.provide({
        actors: {
          loadApplication: fromPromise(() => Promise.resolve(rejected)),
          submitApplication: fromPromise(({ input }) => {
            bodies.push(input.body)
            return Promise.resolve(pending)
          }),
        },
        actions: {
          refreshSession: () => {
            refreshed++
          },
        },
      }),
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    // A rejected application's values, to correct.
    expect(actor.getSnapshot().context.form.company_name).toBe('株式会社きらり')
    actor.send({ type: 'application.change', field: 'invoice_number', value: 'T7000012050003' })
    actor.send({ type: 'application.next' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors.invoice_number).toBe(
      INVOICE_NUMBER_MESSAGES.checkDigit,
    )
    actor.send({ type: 'application.change', field: 'invoice_number', value: 'ｔ7000012050002' })
    actor.send({ type: 'application.next' })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'application.back' })
    expect(actor.getSnapshot().context.form.invoice_number).toBe('ｔ7000012050002')
    actor.send({ type: 'application.next' })
    actor.send({ type: 'application.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(bodies).toEqual([
      {
        company_name: '株式会社きらり',
        contact_name: '山田 花子',
        contact_mail: 'a@kirari.example',
        contact_phone: '0312345678',
        invoice_number: 'ｔ7000012050002',
      },
    ])
    expect(actor.getSnapshot().value).toBe('done')
    expect(refreshed).toBe(1)
    actor.stop()
  })
})
