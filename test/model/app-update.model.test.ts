import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate'
import { appUpdateMachine } from '../../src/machines/app-update/app-update.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

type Event = EventFromLogic<typeof appUpdateMachine>

const events = [
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: 'update.reload' },
  { type: 'update.dismiss' },
  { type: 'xstate.done.actor.fetchLatest', output: 'build-a' },
  { type: 'xstate.done.actor.fetchLatest', output: 'build-b' },
  { type: 'xstate.done.actor.fetchLatest', output: 'build-running' },
  { type: 'xstate.error.actor.fetchLatest', error: new Error('offline') },
  ...delayedEvents(appUpdateMachine),
] as Event[]

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

describe('app-update machine graph', () => {
  it('reaches every state and transition; reloads only when the viewer asks', () => {
    const result = walkMachine(appUpdateMachine, {
      input: { running: 'build-running' },
      events,
      key: (s) => ({
        value: s.value,
        latest: s.context.latest,
        dismissed: s.context.dismissed,
        hidden: s.context.hidden,
      }),
      invariant: (from, event, to) => {
        // Never a reload the viewer did not ask for.
        if (to.matches('reloading') && !from.matches('reloading')) {
          expect(from.matches('offered')).toBe(true)
          expect(event.type).toBe('update.reload')
        }
        // The running build, or one said no to, is never offered.
        if (to.matches('offered') && !from.matches('offered')) {
          expect(to.context.latest).not.toBe('build-running')
          expect(to.context.latest).not.toBe(from.context.dismissed)
        }
        // A hidden tab asks nothing until it is shown, wherever it was hidden.
        if (from.matches('paused') && to.matches('checking')) {
          expect(event.type).toBe('page.visible')
        }
        if (to.matches('waiting')) expect(to.context.hidden).toBe(false)
        if (to.matches('checking') && !from.matches('checking')) {
          expect(to.context.hidden).toBe(false)
        }
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('offers a newer build once, reloads on the button, and keeps quiet about a dismissed one', async () => {
    const served = ['build-running', 'build-b', 'build-b', 'build-c']
    const offers: string[] = []
    let reloads = 0
    let visibility: ((e: { type: 'page.hidden' | 'page.visible' }) => void) | undefined
    const actor = createActor(
      appUpdateMachine.provide({
        actors: {
          fetchLatest: fromPromise(() => Promise.resolve(served.shift() ?? '')),
          visibility: fromCallback(({ sendBack }) => {
            visibility = sendBack
          }),
        },
        actions: {
          offerReload: ({ context }) => void offers.push(context.latest ?? ''),
          reload: () => {
            reloads++
          },
        },
        delays: { pollInterval: 1 },
      }),
      { input: { running: 'build-running' } },
    )
    actor.start()
    // Polls run 1 ms apart; wait for the offers rather than for a guessed time (a busy machine).
    await vi.waitFor(() => expect(offers).toEqual(['build-b']))
    actor.send({ type: 'update.dismiss' })
    // build-b again: not offered again. build-c: offered.
    await vi.waitFor(() => expect(offers).toEqual(['build-b', 'build-c']))
    visibility?.({ type: 'page.hidden' })
    actor.send({ type: 'update.reload' })
    expect(reloads).toBe(1)
    expect(actor.getSnapshot().status).toBe('done')
  })
})
