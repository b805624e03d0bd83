import { createContext, useContext, useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { CheckoutVisit, checkoutMachine } from '../../machines/povo/checkout.machine.ts'
import { useApp } from '../app-context.tsx'

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>

/** The checkout actor of the /povo_ec pages; it lives as long as the visitor stays in the shop. */
export const CheckoutContext = createContext<CheckoutActor | null>(null)

export function useCheckout(): CheckoutActor {
  const actor = useContext(CheckoutContext)
  if (!actor) throw new Error('useCheckout outside the /povo_ec layout')
  return actor
}

/** Tells the checkout which page is open (a link, browser back or a reload all land here). */
export function useCheckoutVisit(visit: Omit<CheckoutVisit, 'type' | 'loggedIn'>) {
  const actor = useCheckout()
  const loggedIn = useApp((s) => s.context.user?.is_login === true)
  const { step, packageId, planId, orderId } = visit
  useEffect(() => {
    actor.send({
      type: 'checkout.visit',
      step,
      loggedIn,
      ...(packageId === undefined ? {} : { packageId }),
      ...(planId === undefined ? {} : { planId }),
      ...(orderId === undefined ? {} : { orderId }),
    })
  }, [actor, step, loggedIn, packageId, planId, orderId])
  return actor
}
