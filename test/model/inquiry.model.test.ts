import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { InquiryBody, InquiryCategoriesAnswer } from '../../src/contract/inquiry.ts'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import {
  INQUIRY_CATEGORIES,
  INQUIRY_MESSAGES,
  type InquiryForm,
  inquiryProblems,
  opinionProblem,
} from '../../src/domain/inquiry.ts'
import { EMPTY_INQUIRY, inquiryMachine } from '../../src/machines/inquiry/inquiry.machine.ts'
import { opinionMachine } from '../../src/machines/opinion/opinion.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const server = (status: number, extra: Partial<Extract<ApiFailure, { kind: 'server' }>> = {}) =>
  new ApiRequestError({
    kind: 'server',
    status,
    message: null,
    errorType: null,
    redirectUrl: null,
    ...extra,
  })
const lost = new ApiRequestError({ kind: 'network', status: null })
const TOO_MANY = '送信が多すぎます。しばらく時間をおいてから再度お試しください。'
const tooMany = server(429, { message: TOO_MANY, errorType: 'RATE_LIMITED' })
const mailRefused = server(400, { fieldErrors: { mail_address: INQUIRY_MESSAGES.mail } })
const bodyRefused = server(400, { fieldErrors: { body: INQUIRY_MESSAGES.opinionLong } })
const categories: InquiryCategoriesAnswer = {
  categories: INQUIRY_CATEGORIES.map((c) => ({ id: c.id, label: c.label })),
}
const kept = {
  category: 'account',
  name: 'あおい',
  mail_address: 'aoi@example.jp',
  body: 'ログインできません',
}

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

type InquirySnapshot = ReturnType<typeof inquiryMachine.transition>
type Sent = { type: string; field?: string; value?: string; error?: unknown; page?: string }

describe('inquiry machine graph', () => {
  it('walks the three steps, the review and the receipt; the draft survives every refusal', () => {
    const result = walkMachine(inquiryMachine, {
      input: undefined,
      events: [
        { type: 'inquiry.visit', page: 'category' },
        { type: 'inquiry.visit', page: 'post' },
        { type: 'inquiry.visit', page: 'confirm' },
        { type: 'inquiry.change', field: 'category', value: 'account' },
        { type: 'inquiry.change', field: 'mail_address', value: 'aoi@' },
        { type: 'inquiry.change', field: 'mail_address', value: 'aoi@example.jp' },
        { type: 'inquiry.change', field: 'body', value: 'ログインできません' },
        { type: 'inquiry.next' },
        { type: 'inquiry.fix' },
        { type: 'inquiry.send' },
        { type: 'inquiry.retry' },
        { type: 'xstate.done.actor.readDraft', output: kept },
        { type: 'xstate.done.actor.readDraft', output: null },
        { type: 'xstate.done.actor.readDraft', output: { ...kept, mail_address: 'aoi@' } },
        { type: 'xstate.error.actor.readDraft', error: new Error('storage off') },
        { type: 'xstate.done.actor.loadCategories', output: categories },
        { type: 'xstate.error.actor.loadCategories', error: lost },
        { type: 'xstate.done.actor.sendInquiry', output: { ok: 1, inquiry_id: 42 } },
        { type: 'xstate.error.actor.sendInquiry', error: mailRefused },
        { type: 'xstate.error.actor.sendInquiry', error: tooMany },
        { type: 'xstate.error.actor.sendInquiry', error: lost },
      ] as Array<EventFromLogic<typeof inquiryMachine>>,
      key: (s) => ({
        value: s.value,
        page: s.context.page,
        form: s.context.form,
        errors: s.context.errors,
        failure: s.context.failure,
        receipt: s.context.receipt !== null,
      }),
      invariant: (from: InquirySnapshot, sent, to: InquirySnapshot) => {
        const event = sent as Sent
        // The draft survives every refusal and failure: only typing, the draft the tab kept and
        // a send that went through (a fresh form) change it.
        if (
          event.type !== 'inquiry.change' &&
          event.type !== 'xstate.done.actor.readDraft' &&
          event.type !== 'xstate.done.actor.sendInquiry'
        )
          expect(to.context.form).toEqual(from.context.form)
        // Typing in a refused field takes its message away (the review is read-only).
        if (event.type === 'inquiry.change' && event.field && from.matches('editing'))
          expect(to.context.errors[event.field as 'body']).toBeUndefined()
        // Only a whole draft is reviewed, and only a reviewed one sent.
        if (to.matches('reviewing')) {
          expect(inquiryProblems(to.context.form)).toEqual({})
          expect(to.context.page).toBe('confirm')
        }
        if (to.matches('sending') && !from.matches('sending')) {
          expect(from.matches('reviewing') || from.matches('failed')).toBe(true)
          expect(inquiryProblems(to.context.form)).toEqual({})
        }
        if (from.matches('sending') && event.error === mailRefused) {
          expect(to.matches('editing')).toBe(true)
          expect(to.context.errors).toEqual({ mail_address: INQUIRY_MESSAGES.mail })
        }
        if (from.matches('sending') && event.error === tooMany)
          expect(to.context.failure).toBe(TOO_MANY)
        if (from.matches('sending') && event.error === lost) expect(to.context.failure).toBeNull()
        if (to.matches('sent') && !from.matches('sent')) {
          expect(to.context.receipt).toEqual({
            inquiryId: 42,
            mailAddress: from.context.form.mail_address,
          })
          expect(to.context.form).toEqual(EMPTY_INQUIRY)
        }
        // The first step's 次へ shows only the category's message.
        if (event.type === 'inquiry.next' && from.context.page === 'category')
          expect(Object.keys(to.context.errors).filter((f) => f !== 'category')).toEqual(
            Object.keys(from.context.errors).filter((f) => f !== 'category'),
          )
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('keeps the draft in the tab, goes step by step and forgets the draft once sent', async () => {
    const draftsKept: Array<typeof kept> = []
    const went: string[] = []
    const redirected: string[] = []
    const sent: InquiryBody[] = []
    let forgotten = 0
    const actor = createActor(
      inquiryMachine.provide({
        actors: {
          readDraft: fromPromise(() => Promise.resolve<InquiryForm | null>(null)),
          loadCategories: fromPromise(() => Promise.resolve(categories)),
          sendInquiry: fromPromise(({ input }) => {
            sent.push(input.body)
            return Promise.resolve({ ok: 1 as const, inquiry_id: 7 })
          }),
        },
        actions: {
          keepDraft: (_, form) => draftsKept.push(form),
          forgetDraft: () => forgotten++,
          goTo: (_, { path }) => went.push(path),
          redirectTo: (_, { path }) => redirected.push(path),
        },
      }),
    ).start()
    actor.send({ type: 'inquiry.visit', page: 'confirm' })
    await new Promise((r) => setTimeout(r, 0))
    expect(redirected).toEqual(['/inquiry'])
    actor.send({ type: 'inquiry.visit', page: 'category' })
    actor.send({ type: 'inquiry.next' })
    expect(actor.getSnapshot().context.errors).toEqual({ category: INQUIRY_MESSAGES.category })
    actor.send({ type: 'inquiry.change', field: 'category', value: 'account' })
    actor.send({ type: 'inquiry.next' })
    actor.send({ type: 'inquiry.visit', page: 'post' })
    for (const field of ['name', 'mail_address', 'body'] as const)
      actor.send({ type: 'inquiry.change', field, value: kept[field] })
    actor.send({ type: 'inquiry.next' })
    actor.send({ type: 'inquiry.visit', page: 'confirm' })
    expect(actor.getSnapshot().value).toBe('reviewing')
    expect(draftsKept.at(-1)).toEqual(kept)
    actor.send({ type: 'inquiry.send' })
    await new Promise((r) => setTimeout(r, 0))
    expect(went).toEqual(['/inquiry/post', '/inquiry/confirm'])
    expect(sent).toEqual([kept])
    expect(actor.getSnapshot().value).toBe('sent')
    expect(actor.getSnapshot().context.receipt).toEqual({
      inquiryId: 7,
      mailAddress: 'aoi@example.jp',
    })
    expect(forgotten).toBe(1)
    actor.stop()
  })
})

type OpinionSnapshot = ReturnType<typeof opinionMachine.transition>

describe('opinion machine graph', () => {
  it('checks, sends and thanks; the text survives every refusal and failure', () => {
    const result = walkMachine(opinionMachine, {
      input: undefined,
      events: [
        { type: 'opinion.change', value: '' },
        { type: 'opinion.change', value: 'ランキングをもっと見やすくしてほしいです' },
        { type: 'opinion.submit' },
        { type: 'xstate.done.actor.sendOpinion', output: { ok: 1 } },
        { type: 'xstate.error.actor.sendOpinion', error: bodyRefused },
        { type: 'xstate.error.actor.sendOpinion', error: tooMany },
        { type: 'xstate.error.actor.sendOpinion', error: lost },
      ] as Array<EventFromLogic<typeof opinionMachine>>,
      key: (s) => ({ value: s.value, context: s.context }),
      invariant: (from: OpinionSnapshot, sent, to: OpinionSnapshot) => {
        const event = sent as Sent
        if (event.type !== 'opinion.change') expect(to.context.body).toBe(from.context.body)
        if (to.matches('sending') && !from.matches('sending'))
          expect(opinionProblem(to.context.body)).toBeNull()
        if (event.type === 'opinion.submit' && !to.matches('sending'))
          expect(to.context.error).toBe(opinionProblem(to.context.body))
        if (from.matches('sending') && event.error === bodyRefused)
          expect(to.context.error).toBe(INQUIRY_MESSAGES.opinionLong)
        if (from.matches('sending') && event.error === tooMany)
          expect(to.context.failure).toBe(TOO_MANY)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})
