import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { AnimationsAnswer } from '../../src/contract/site-dialog.ts'
import {
  ANIMATION_RETRIES,
  animationsMachine,
} from '../../src/machines/animations/animations.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const answer: AnimationsAnswer = {
  animations: [
    { animation_id: 1, kind: 'gift', gift_id: 3, min_num: 10, effect: 'float', duration_ms: 2400 },
  ],
}

const events = [
  { type: 'xstate.done.actor.loadAnimations', output: answer },
  { type: 'xstate.error.actor.loadAnimations', error: new Error('offline') },
  ...delayedEvents(animationsMachine),
] as Array<EventFromLogic<typeof animationsMachine>>

type Snapshot = ReturnType<typeof animationsMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('animations machine graph', () => {
  it('loads once, tries again a few times, and gives up quietly', () => {
    const result = walkMachine(animationsMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        failures: s.context.failures,
        n: s.context.animations.length,
      }),
      invariant: (from: Snapshot, _sent, to: Snapshot) => {
        expect(to.context.failures).toBeLessThanOrEqual(ANIMATION_RETRIES)
        // Only a load fills the catalogue; once loaded it stays.
        if (to.context.animations.length > 0) expect(to.matches('ready')).toBe(true)
        if (from.matches('ready')) expect(to.context).toEqual(from.context)
        if (to.matches('gaveUp')) expect(to.context.failures).toBe(ANIMATION_RETRIES)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('waits longer before each try, then reports the failure once', async () => {
    vi.useFakeTimers()
    try {
      let calls = 0
      const reported: unknown[] = []
      const actor = createActor(
        animationsMachine.provide({
          actors: {
            loadAnimations: fromPromise(() => {
              calls += 1
              return calls <= ANIMATION_RETRIES + 1
                ? Promise.reject(new Error('offline'))
                : Promise.resolve(answer)
            }),
          },
          actions: { reportError: (_, { error }) => reported.push(error) },
        }),
      ).start()
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().value).toBe('waiting')
      await vi.advanceTimersByTimeAsync(4999)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(2)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(calls).toBe(3)
      await vi.advanceTimersByTimeAsync(20_000)
      expect(calls).toBe(4)
      expect(actor.getSnapshot().value).toBe('gaveUp')
      expect(reported).toHaveLength(1)
      expect(actor.getSnapshot().context.animations).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })
})
