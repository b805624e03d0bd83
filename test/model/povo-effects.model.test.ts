import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { Order, ShopPackage, ShopPlan, TimeLimitedPack } from '../../src/domain/shop.ts'
import {
  checkoutMachine,
  type ConfirmData,
  type PayAnswer,
  type PayInput,
  type PlanData,
} from '../../src/machines/povo/checkout.machine.ts'
import {
  timeLimitedPackMachine,
  type PackPayAnswer,
} from '../../src/machines/povo/time-limited-pack.machine.ts'
import { shippingAddress, shopOrder, shopPackage, shopPlan } from './shop-fixtures.ts'

type ShopPackages = { package: ShopPackage; plans: ShopPlan[] }

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

describe('the povo checkout, run', () => {
  it('loads each page for what it shows, pays for the plan confirmed, and asks nothing of a page without it', async () => {
    const asked: Array<[string, unknown]> = []
    const left: string[] = []
    const answer = <I, O>(name: string, output: O) =>
      fromPromise<O, I>(({ input }) => {
        asked.push([name, input])
        return Promise.resolve(output)
      })
    const plan = shopPlan()
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadPackage: answer<{ packageId: number }, ShopPackages>('loadPackage', {
            package: shopPackage,
            plans: [plan],
          }),
          loadPlan: answer<{ planId: number }, PlanData>('loadPlan', {
            plan,
            package: shopPackage,
          }),
          loadConfirm: answer<{ planId: number }, ConfirmData>('loadConfirm', {
            plan,
            package: shopPackage,
            saved: shippingAddress,
            order: null,
          }),
          pay: fromPromise<PayAnswer, PayInput>(({ input }) => {
            asked.push(['pay', input])
            return Promise.resolve({ order: shopOrder(), redirectUrl: '/payment/sandbox/s1' })
          }),
          confirmOrder: answer<{ orderId: string }, Order>(
            'confirmOrder',
            shopOrder({ status: 'paid' }),
          ),
        },
        actions: { leaveFor: (_, { url }) => left.push(url) },
      }),
    ).start()
    const visit = { type: 'checkout.visit', loggedIn: true } as const
    actor.send({ ...visit, step: 'package', packageId: 1 })
    await waitFor(actor, (s) => s.matches({ package: 'ready' }))
    actor.send({ ...visit, step: 'plan', packageId: 1, planId: 11 })
    await waitFor(actor, (s) => s.matches({ plan: 'ready' }))
    actor.send({ ...visit, step: 'confirm', packageId: 1, planId: 11 })
    await waitFor(actor, (s) => s.matches({ confirm: 'ready' }))
    actor.send({ type: 'checkout.pay' })
    await waitFor(actor, (s) => s.matches('redirecting'))
    actor.send({ ...visit, step: 'result', orderId: 'o_abc' })
    await waitFor(actor, (s) => s.matches({ result: 'done' }))
    actor.send({ ...visit, step: 'plan', packageId: 1 })
    expect(actor.getSnapshot().matches('notFound')).toBe(true)
    expect(asked).toEqual([
      ['loadPackage', { packageId: 1 }],
      ['loadPlan', { planId: 11 }],
      ['loadConfirm', { planId: 11 }],
      ['pay', { planId: 11, address: shippingAddress }],
      ['confirmOrder', { orderId: 'o_abc' }],
    ])
    expect(left).toEqual(['/payment/sandbox/s1'])
  })
})
