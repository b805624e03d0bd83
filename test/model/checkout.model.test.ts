import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import { checkShippingAddress } from '../../src/domain/shop-forms.ts'
import { checkoutMachine } from '../../src/machines/povo/checkout.machine.ts'
import { pageOf } from '../../src/machines/povo/checkout.setup.ts'
import { STATE_OF } from '../../src/views/shop/CheckoutGate.tsx'
import {
  lost,
  serverError,
  shippingAddress,
  shopOrder,
  shopPackage,
  shopPlan,
} from './shop-fixtures.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const pkg = shopPackage
const plan = shopPlan
const address = shippingAddress
const order = shopOrder

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

/** The state each checkout page shows, as the page's gate reads it. */
const STEP_STATE = STATE_OF

const visits = [
  { type: 'checkout.visit', step: 'packages', loggedIn: true },
  { type: 'checkout.visit', step: 'package', loggedIn: true, packageId: 1 },
  { type: 'checkout.visit', step: 'plan', loggedIn: false, packageId: 1, planId: 11 },
  { type: 'checkout.visit', step: 'plan', loggedIn: true, packageId: 1, planId: 11 },
  { type: 'checkout.visit', step: 'shipping', loggedIn: true, packageId: 1, planId: 11 },
  { type: 'checkout.visit', step: 'confirm', loggedIn: true, packageId: 1, planId: 11 },
  { type: 'checkout.visit', step: 'result', loggedIn: true, orderId: 'o_abc' },
  // A page without the package it shows (no page sends one): nothing is asked for package 0.
  { type: 'checkout.visit', step: 'package', loggedIn: true },
]

const checkoutEvents = [
  ...visits,
  { type: 'checkout.next' },
  { type: 'checkout.back' },
  { type: 'checkout.pay' },
  { type: 'checkout.retry' },
  { type: 'checkout.restart' },
  { type: 'shipping.change', field: 'postal_code', value: '15O-0001' },
  { type: 'shipping.change', field: 'postal_code', value: '１５０−０００１' },
  { type: 'shipping.submit' },
  {
    type: 'xstate.done.actor.loadHome',
    output: { banners: [], recommends: [pkg], packages: [pkg] },
  },
  { type: 'xstate.error.actor.loadHome', error: lost('network') },
  { type: 'xstate.done.actor.loadPackage', output: { package: pkg, plans: [plan({})] } },
  { type: 'xstate.error.actor.loadPackage', error: serverError(404) },
  { type: 'xstate.error.actor.loadPackage', error: lost('timeout') },
  { type: 'xstate.error.actor.loadPackage', error: serverError(401) },
  { type: 'xstate.done.actor.loadPlan', output: { plan: plan({}), package: pkg } },
  {
    type: 'xstate.done.actor.loadPlan',
    output: { plan: plan({ plan_id: 21, requires_shipping: false }), package: pkg },
  },
  { type: 'xstate.error.actor.loadPlan', error: serverError(404) },
  { type: 'xstate.error.actor.loadPlan', error: lost('network') },
  { type: 'xstate.error.actor.loadPlan', error: serverError(401) },
  { type: 'xstate.done.actor.loadShipping', output: { plan: plan({}), package: pkg, saved: null } },
  {
    type: 'xstate.done.actor.loadShipping',
    output: { plan: plan({}), package: pkg, saved: address },
  },
  { type: 'xstate.error.actor.loadShipping', error: serverError(404) },
  { type: 'xstate.error.actor.loadShipping', error: lost('network') },
  { type: 'xstate.error.actor.loadShipping', error: serverError(401) },
  { type: 'xstate.done.actor.saveShipping', output: address },
  {
    type: 'xstate.error.actor.saveShipping',
    error: serverError(400, 'INVALID_FIELDS', { phone: '電話番号は…' }),
  },
  { type: 'xstate.error.actor.saveShipping', error: serverError(401) },
  { type: 'xstate.error.actor.saveShipping', error: lost('network') },
  {
    type: 'xstate.done.actor.loadConfirm',
    output: { plan: plan({}), package: pkg, saved: address, order: null },
  },
  {
    type: 'xstate.done.actor.loadConfirm',
    output: { plan: plan({}), package: pkg, saved: null, order: null },
  },
  {
    type: 'xstate.done.actor.loadConfirm',
    output: { plan: plan({}), package: pkg, saved: address, order: order({}) },
  },
  { type: 'xstate.error.actor.loadConfirm', error: serverError(404) },
  { type: 'xstate.error.actor.loadConfirm', error: lost('network') },
  { type: 'xstate.error.actor.loadConfirm', error: serverError(401) },
  {
    type: 'xstate.done.actor.pay',
    output: { order: order({}), redirectUrl: '/payment/sandbox/s1' },
  },
  {
    type: 'xstate.done.actor.pay',
    output: { order: order({ status: 'paid' }), redirectUrl: null },
  },
  {
    type: 'xstate.done.actor.pay',
    output: { order: order({ status: 'expired' }), redirectUrl: null },
  },
  { type: 'xstate.error.actor.pay', error: serverError(409, 'ORDER_EXPIRED') },
  { type: 'xstate.error.actor.pay', error: serverError(400, 'SHIPPING_REQUIRED') },
  { type: 'xstate.error.actor.pay', error: serverError(401) },
  { type: 'xstate.error.actor.pay', error: lost('timeout') },
  { type: 'xstate.done.actor.confirmOrder', output: order({ status: 'paid', paid_at: 5 }) },
  { type: 'xstate.done.actor.confirmOrder', output: order({ status: 'awaiting_payment' }) },
  { type: 'xstate.done.actor.confirmOrder', output: order({ status: 'cancelled' }) },
  { type: 'xstate.error.actor.confirmOrder', error: serverError(404) },
  { type: 'xstate.error.actor.confirmOrder', error: serverError(401) },
  { type: 'xstate.error.actor.confirmOrder', error: lost('network') },
] as Array<EventFromLogic<typeof checkoutMachine>>

describe('checkout machine graph', () => {
  it('pays only from the confirmation with an address where one is needed; results come from the server', () => {
    const walk = walkMachine(checkoutMachine, {
      input: undefined,
      events: checkoutEvents,
      // Only what a state's transitions read tells its snapshots apart (the graph stays small).
      key: (s) => ({
        value: s.value,
        step: s.context.step,
        ...(s.matches('plan') ? { loggedIn: s.context.loggedIn } : {}),
        ships: s.context.plan?.requires_shipping,
        ...(s.matches('shipping') || s.matches('confirm')
          ? {
              saved: s.context.saved !== null,
              valid: checkShippingAddress(s.context.address).ok,
              errors: Object.keys(s.context.fieldErrors).length,
            }
          : {}),
        ...(s.matches('shipping') ? {} : { order: s.context.order?.status }),
      }),
      invariant: (from, event, to) => {
        const type = event.type as string
        if (to.matches({ confirm: 'reserving' }) && !from.matches({ confirm: 'reserving' })) {
          expect(from.matches({ confirm: 'ready' })).toBe(true)
          expect(type).toBe('checkout.pay')
          const p = to.context.plan
          expect(p !== null && (!p.requires_shipping || to.context.saved !== null)).toBe(true)
        }
        if (event.type === 'checkout.visit' && pageOf(event) === null) {
          expect(to.matches('notFound')).toBe(true)
        }
        if (to.matches('redirecting') && !from.matches('redirecting')) {
          expect(from.matches({ confirm: 'reserving' })).toBe(true)
        }
        if (to.matches({ shipping: 'saving' }) && !from.matches({ shipping: 'saving' })) {
          // Nothing the form itself can tell is wrong is ever sent.
          expect(checkShippingAddress(to.context.address).ok).toBe(true)
        }
        if (from.matches({ shipping: 'saving' }) && type.startsWith('xstate.error.actor')) {
          // A refusal loses nothing typed.
          expect(to.context.address).toBe(from.context.address)
        }
        if (
          to.context.order?.status === 'paid' &&
          from.context.order?.status !== 'paid' &&
          !type.startsWith('checkout.visit')
        ) {
          // "Paid" is only ever the server's word.
          expect(['xstate.done.actor.confirmOrder', 'xstate.done.actor.pay']).toContain(type)
        }
        // The page on screen is the step's: a state of another step would leave it loading.
        for (const [step, state] of Object.entries<(typeof STEP_STATE)[keyof typeof STEP_STATE]>(
          STEP_STATE,
        )) {
          if (to.matches(state)) expect(to.context.step).toBe(step)
        }
        if (type === 'shipping.change' && from.matches({ shipping: 'editing' })) {
          expect(to.context.fieldErrors.postal_code).toBeUndefined()
        }
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
