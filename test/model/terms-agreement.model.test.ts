import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { termsAgreementMachine } from '../../src/machines/terms/terms-agreement.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const server = (status: number) =>
  new ApiRequestError({ kind: 'server', status, message: null, errorType: null, redirectUrl: null })
const lost = new ApiRequestError({ kind: 'network', status: null })
const answer = { agreed_terms_version: '2027-04-01', agreed_at: 1_800_000_000 }

const events = [
  { type: 'terms.check', checked: true },
  { type: 'terms.check', checked: false },
  { type: 'terms.agree' },
  { type: 'xstate.done.actor.agree', output: answer },
  { type: 'xstate.error.actor.agree', error: server(401) },
  { type: 'xstate.error.actor.agree', error: server(409) },
  { type: 'xstate.error.actor.agree', error: lost },
] as Array<EventFromLogic<typeof termsAgreementMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('terms agreement machine graph', () => {
  it('agrees only once the box is ticked, and keeps the tick through every failure', () => {
    const result = walkMachine(termsAgreementMachine, {
      input: { holder: 'user', version: '2027-04-01', returnPath: '/follow' },
      events,
      key: (s) => ({ value: s.value, checked: s.context.checked }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string }
        // Nothing is sent for an unticked box.
        if (to.matches('agreeing') && !from.matches('agreeing'))
          expect(from.context.checked).toBe(true)
        // Only the box changes the tick.
        if (event.type !== 'terms.check') expect(to.context.checked).toBe(from.context.checked)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})

describe('terms agreement effects', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0))
  function run(agree: () => Promise<typeof answer>, returnPath: string | null) {
    const calls: Array<[string, unknown]> = []
    const sent: unknown[] = []
    const actor = createActor(
      termsAgreementMachine.provide({
        actors: {
          agree: fromPromise(({ input }) => {
            sent.push(input)
            return agree()
          }),
        },
        actions: {
          notify: (_, notice) => calls.push(['notify', notice]),
          goTo: (_, params) => calls.push(['goTo', params]),
          reloadPage: () => calls.push(['reloadPage', null]),
          requireLogin: () => calls.push(['requireLogin', null]),
          reportError: () => calls.push(['reportError', null]),
        },
      }),
      { input: { holder: 'organizer', version: '2027-04-01', returnPath } },
    ).start()
    return { actor, calls, sent }
  }

  it('sends the version shown, then goes back to the page the account was opening', async () => {
    const { actor, calls, sent } = run(() => Promise.resolve(answer), '/organizer/events')
    actor.send({ type: 'terms.agree' })
    expect(sent).toEqual([])
    expect(calls).toEqual([['notify', { tone: 'error', key: 'newTerms.mustCheck' }]])
    actor.send({ type: 'terms.check', checked: true })
    actor.send({ type: 'terms.agree' })
    await settle()
    expect(sent).toEqual([{ holder: 'organizer', version: '2027-04-01' }])
    expect(calls).toContainEqual(['goTo', { path: '/organizer/events' }])
  })

  it('goes home when it came by itself, and reloads for terms changed meanwhile', async () => {
    const home = run(() => Promise.resolve(answer), null)
    home.actor.send({ type: 'terms.check', checked: true })
    home.actor.send({ type: 'terms.agree' })
    await settle()
    expect(home.calls).toContainEqual(['goTo', { path: '/' }])
    const changed = run(() => Promise.reject(server(409)), null)
    changed.actor.send({ type: 'terms.check', checked: true })
    changed.actor.send({ type: 'terms.agree' })
    await settle()
    expect(changed.calls.map(([name]) => name)).toEqual(['reportError', 'reloadPage'])
  })
})
