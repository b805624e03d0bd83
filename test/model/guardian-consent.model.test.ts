import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { GuardianConsentAnswer, GuardianConsentBody } from '../../src/contract/guardian.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { GUARDIAN_MESSAGES } from '../../src/domain/guardian-consent.ts'
import { guardianConsentMachine } from '../../src/machines/guardian-consent/guardian-consent.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const server = (status: number, fieldErrors?: Record<string, string>) =>
  new ApiRequestError({
    kind: 'server',
    status,
    message: status === 403 ? GUARDIAN_MESSAGES.notChild : null,
    errorType: null,
    redirectUrl: null,
    ...(fieldErrors ? { fieldErrors } : {}),
  })
const lost = new ApiRequestError({ kind: 'network', status: null })
const nameRefused = server(400, { guardian_name: GUARDIAN_MESSAGES.nameLong })

const consent = { guardian_name: '小鳥 花子', relationship: 'parent', agreed_at: 1_800_000_000 }
const needed: GuardianConsentAnswer = {
  is_under_13: true,
  is_legal_representative_agreed: false,
  consent: null,
}
const given: GuardianConsentAnswer = { ...needed, is_legal_representative_agreed: true, consent }
const adult: GuardianConsentAnswer = { ...needed, is_under_13: false }

const events = [
  { type: 'xstate.done.actor.loadConsent', output: needed },
  { type: 'xstate.done.actor.loadConsent', output: given },
  { type: 'xstate.done.actor.loadConsent', output: adult },
  { type: 'xstate.error.actor.loadConsent', error: server(401) },
  { type: 'xstate.error.actor.loadConsent', error: lost },
  { type: 'consent.retry' },
  { type: 'consent.change', field: 'guardian_name', value: '小鳥 花子' },
  { type: 'consent.change', field: 'relationship', value: 'parent' },
  { type: 'consent.check', agreed: true },
  { type: 'consent.check', agreed: false },
  { type: 'consent.next' },
  { type: 'consent.back' },
  { type: 'consent.submit' },
  { type: 'xstate.done.actor.submitConsent', output: given },
  { type: 'xstate.error.actor.submitConsent', error: nameRefused },
  { type: 'xstate.error.actor.submitConsent', error: server(401) },
  { type: 'xstate.error.actor.submitConsent', error: server(403) },
  { type: 'xstate.error.actor.submitConsent', error: lost },
] as Array<EventFromLogic<typeof guardianConsentMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('guardian consent machine graph', () => {
  it('sends only a checked form after its review, and keeps the text through every refusal', () => {
    const result = walkMachine(guardianConsentMachine, {
      input: { returnPath: '/ranking' },
      events,
      key: (s) => ({ value: s.value, form: s.context.form, errors: s.context.errors }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string }
        // Nothing is reviewed or sent that the rules refuse.
        if (to.matches('confirming') && from.matches('editing')) {
          expect(to.context.errors).toEqual({})
          expect(to.context.form.agreed).toBe(true)
          expect(to.context.form.guardian_name.trim()).not.toBe('')
        }
        if (to.matches('submitting') && !from.matches('submitting'))
          expect(from.matches('confirming')).toBe(true)
        // Only typing and ticking change the form.
        if (event.type !== 'consent.change' && event.type !== 'consent.check')
          expect(to.context.form).toEqual(from.context.form)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})

describe('guardian consent effects', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0))
  function run(
    submit: () => Promise<GuardianConsentAnswer>,
    load: GuardianConsentAnswer = needed,
    returnPath: string | null = '/ranking',
  ) {
    const calls: Array<[string, unknown]> = []
    const bodies: GuardianConsentBody[] = []
    const actor = createActor(
      guardianConsentMachine.provide({
        actors: {
          loadConsent: fromPromise(() => Promise.resolve(load)),
          submitConsent: fromPromise(({ input }) => {
            bodies.push(input.body)
            return submit()
          }),
        },
        actions: {
          notify: (_, notice) => calls.push(['notify', notice]),
          goTo: (_, params) => calls.push(['goTo', params]),
          requireLogin: () => calls.push(['requireLogin', null]),
          reportError: () => calls.push(['reportError', null]),
        },
      }),
      { input: { returnPath } },
    ).start()
    return { actor, calls, bodies }
  }
  const fill = (actor: ReturnType<typeof run>['actor']) => {
    actor.send({ type: 'consent.change', field: 'guardian_name', value: '小鳥 花子' })
    actor.send({ type: 'consent.change', field: 'relationship', value: 'parent' })
    actor.send({ type: 'consent.check', agreed: true })
  }

  it('reviews, sends what was typed, then goes on to the page held back', async () => {
    const { actor, calls, bodies } = run(() => Promise.resolve(given))
    await settle()
    actor.send({ type: 'consent.next' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors.agreed).toBe(GUARDIAN_MESSAGES.agreed)
    fill(actor)
    actor.send({ type: 'consent.next' })
    expect(actor.getSnapshot().value).toBe('confirming')
    actor.send({ type: 'consent.submit' })
    await settle()
    expect(bodies).toEqual([{ guardian_name: '小鳥 花子', relationship: 'parent', agreed: true }])
    expect(calls).toContainEqual(['goTo', { path: '/ranking' }])
    expect(actor.getSnapshot().context.consent).toEqual(consent)
  })

  it('keeps the text when a field is refused, and shows consent already given', async () => {
    const refused = run(() => Promise.reject(nameRefused), needed, null)
    await settle()
    fill(refused.actor)
    refused.actor.send({ type: 'consent.next' })
    refused.actor.send({ type: 'consent.submit' })
    await settle()
    const snap = refused.actor.getSnapshot()
    expect(snap.value).toBe('editing')
    expect(snap.context.form.guardian_name).toBe('小鳥 花子')
    expect(snap.context.errors).toEqual({ guardian_name: GUARDIAN_MESSAGES.nameLong })
    const shown = run(() => Promise.resolve(given), given)
    await settle()
    expect(shown.actor.getSnapshot().value).toBe('agreed')
    const grown = run(() => Promise.resolve(given), adult)
    await settle()
    expect(grown.actor.getSnapshot().value).toBe('notNeeded')
  })
})
