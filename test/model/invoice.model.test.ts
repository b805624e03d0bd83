import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { InvoiceAnswer, InvoiceBody } from '../../src/contract/invoice.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { INVOICE_NUMBER_MESSAGES, invoiceProblems } from '../../src/domain/invoice.ts'
import { invoiceMachine } from '../../src/machines/invoice/invoice.machine.ts'
import { coverageLine, mergeWalks, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = new ApiRequestError({
  kind: 'server',
  status: 401,
  message: null,
  errorType: null,
  redirectUrl: null,
})
const nameRefused = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: null,
  errorType: null,
  redirectUrl: null,
  fieldErrors: { name: '氏名または名称は100文字までです。' },
})
// 国税庁's own registration number (its corporate number 7000012050002).
const registered: InvoiceAnswer = {
  invoice: {
    registration_number: 'T7000012050002',
    name: 'きらり商店',
    address: '東京都港区1-2-3',
    updated_at: Date.UTC(2026, 10, 3, 15, 30) / 1000,
  },
}
const none: InvoiceAnswer = { invoice: null }

const events = [
  { type: 'invoice.change', field: 'registration_number', value: 'T123' },
  {
    type: 'invoice.change',
    field: 'registration_number',
    value: 'Ｔ７０００ ０１２－０５０００２',
  },
  { type: 'invoice.change', field: 'name', value: 'きらり商店' },
  { type: 'invoice.change', field: 'address', value: '東京都港区1-2-3' },
  { type: 'invoice.submit' },
  { type: 'invoice.retry' },
  { type: 'xstate.done.actor.loadInvoice', output: registered },
  { type: 'xstate.done.actor.loadInvoice', output: none },
  { type: 'xstate.error.actor.loadInvoice', error: lost },
  { type: 'xstate.done.actor.saveInvoice', output: registered },
  { type: 'xstate.error.actor.saveInvoice', error: nameRefused },
  { type: 'xstate.error.actor.saveInvoice', error: loggedOut },
  { type: 'xstate.error.actor.saveInvoice', error: lost },
] as Array<EventFromLogic<typeof invoiceMachine>>

type Snapshot = ReturnType<typeof invoiceMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

function walk(page: 'show' | 'post') {
  return walkMachine(invoiceMachine, {
    input: { holder: page === 'post' ? 'user' : 'organizer', page },
    events,
    key: (s) => ({
      value: s.value,
      invoice: s.context.invoice !== null,
      form: s.context.form,
      errors: s.context.errors,
    }),
    invariant: (from: Snapshot, sent, to: Snapshot) => {
      // The walk also sends the actors' done and error events, which the event type leaves out.
      const event = sent as { type: string; field?: string; error?: unknown }
      // Nothing typed is lost: only typing and the first load change the form.
      if (event.type !== 'invoice.change' && event.type !== 'xstate.done.actor.loadInvoice')
        expect(to.context.form).toEqual(from.context.form)
      // Only a form its own check passes is sent.
      if (to.matches('saving') && !from.matches('saving'))
        expect(invoiceProblems(to.context.form)).toEqual({})
      // A refusal says why, by the fields.
      if (to.matches('refused') && (event.type === 'invoice.submit' || from.matches('saving')))
        expect(Object.keys(to.context.errors).length).toBeGreaterThan(0)
      if (from.matches('saving') && event.error === nameRefused)
        expect(to.context.errors).toEqual({ name: '氏名または名称は100文字までです。' })
      // Typing in a refused field clears its message.
      if (event.type === 'invoice.change' && event.field === 'name')
        expect(to.context.errors.name).toBeUndefined()
      // /invoice only shows; the form starts from the registration saved.
      if (to.matches('ready')) expect(to.context.page).toBe('show')
      if (from.matches('loading') && to.matches('editing'))
        expect(to.context.form.registration_number).toBe(
          to.context.invoice?.registration_number ?? '',
        )
    },
  })
}

describe('invoice machine graph', () => {
  it('shows, edits and saves the registration; every refusal and failure keeps the form', () => {
    const merged = mergeWalks([walk('show'), walk('post')])
    walks.push(merged)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })

  it('checks before sending, sends the holder’s form as typed, and goes to /invoice saved', async () => {
    const sent: Array<{ holder: string; body: InvoiceBody }> = []
    const went: string[] = []
    const actor = createActor(
      invoiceMachine.provide({
        actors: {
          loadInvoice: fromPromise(() => Promise.resolve(none)),
          saveInvoice: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve(registered)
          }),
        },
        actions: { goTo: (_, { path }) => went.push(path) },
      }),
      { input: { holder: 'organizer', page: 'post' } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'invoice.change', field: 'registration_number', value: 'T7000012050003' })
    actor.send({ type: 'invoice.submit' })
    expect(actor.getSnapshot().value).toBe('refused')
    expect(actor.getSnapshot().context.errors.registration_number).toBe(
      INVOICE_NUMBER_MESSAGES.checkDigit,
    )
    expect(sent).toEqual([])
    actor.send({ type: 'invoice.change', field: 'registration_number', value: 't7000012050002' })
    actor.send({ type: 'invoice.change', field: 'name', value: 'きらり商店' })
    actor.send({ type: 'invoice.change', field: 'address', value: '東京都港区1-2-3' })
    actor.send({ type: 'invoice.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([
      {
        holder: 'organizer',
        body: {
          registration_number: 't7000012050002',
          name: 'きらり商店',
          address: '東京都港区1-2-3',
        },
      },
    ])
    expect(actor.getSnapshot().value).toBe('saved')
    expect(went).toEqual(['/invoice'])
    actor.stop()
  })
})
