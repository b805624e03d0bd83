import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { TimeLimitedPack } from '../../src/domain/shop.ts'
import {
  timeLimitedPackMachine,
  type PackPayAnswer,
} from '../../src/machines/povo/time-limited-pack.machine.ts'
import { shopOrder } from './shop-fixtures.ts'

// The povo payments are started with the values their guards checked (no pack 0, plan 0 or empty
// payment page if something were missing): here they run for real, with recording effects.

const pack: TimeLimitedPack = {
  pack_id: 7,
  name: 'はじめての特別パック',
  description: '',
  price: 980,
  gold: 1000,
  bonus_gold: 500,
  expires_at: 2_000_000_000,
  remaining_seconds: 60,
}

describe('the time-limited pack, run', () => {
  it('pays for the pack offered, then goes to the page the answer names', async () => {
    const paid: unknown[] = []
    const left: string[] = []
    const shown: string[] = []
    const run = (answer: PackPayAnswer) => {
      const actor = createActor(
        timeLimitedPackMachine.provide({
          actors: {
            loadPack: fromPromise(() => Promise.resolve(pack)),
            clock: fromCallback(() => {}),
            pay: fromPromise(({ input }: { input: { packId: number } }) => {
              paid.push(input)
              return Promise.resolve(answer)
            }),
          },
          actions: {
            leaveFor: (_, { url }) => left.push(url),
            showResult: (_, { orderId }) => shown.push(orderId),
          },
        }),
      ).start()
      return actor
    }
    const redirected = run({
      order: shopOrder({ kind: 'pack' }),
      redirectUrl: '/payment/sandbox/s2',
    })
    await waitFor(redirected, (s) => s.matches({ offered: 'idle' }))
    redirected.send({ type: 'pack.buy' })
    await waitFor(redirected, (s) => s.matches('redirecting'))
    expect(paid).toEqual([{ packId: 7 }])
    expect(left).toEqual(['/payment/sandbox/s2'])

    const settled = run({ order: shopOrder({ kind: 'pack', status: 'paid' }), redirectUrl: null })
    await waitFor(settled, (s) => s.matches({ offered: 'idle' }))
    settled.send({ type: 'pack.buy' })
    await waitFor(settled, (s) => s.matches({ offered: 'idle' }))
    expect(paid).toEqual([{ packId: 7 }, { packId: 7 }])
    expect(left).toEqual(['/payment/sandbox/s2'])
    expect(shown).toEqual(['o_abc'])
  })

  it('counts down from the offer and ends it at zero', () => {
    const actor = createActor(
      timeLimitedPackMachine.provide({
        actors: {
          loadPack: fromPromise(() => Promise.resolve(pack)),
          clock: fromCallback(() => {}),
        },
      }),
    ).start()
    return waitFor(actor, (s) => s.matches('offered')).then(() => {
      actor.send({ type: 'clock.tick', nowMs: (pack.expires_at - 5) * 1000 })
      expect(actor.getSnapshot().context.remaining).toBe(5)
      actor.send({ type: 'clock.tick', nowMs: pack.expires_at * 1000 })
      expect(actor.getSnapshot().matches('ended')).toBe(true)
    })
  })
})
