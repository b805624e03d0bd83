import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import {
  isSettled,
  type FieldErrors,
  type Order,
  type ShippingAddress,
  type ShippingField,
  type ShopBanner,
  type ShopPackage,
  type ShopPlan,
} from '../../domain/shop.ts'
import { EMPTY_SHIPPING, checkShippingAddress } from '../../domain/shop-forms.ts'
import { type CheckoutStep } from '../../domain/shop-paths.ts'
import { failures } from './failures.ts'
import { notProvided } from '../not-provided.ts'

export interface ShopHome {
  banners: ShopBanner[]
  recommends: ShopPackage[]
  packages: ShopPackage[]
}

export interface PlanData {
  plan: ShopPlan
  package: ShopPackage
}

/** The confirm page: the plan, the saved address and an earlier attempt's order, if any. */
export interface ConfirmData extends PlanData {
  saved: ShippingAddress | null
  order: Order | null
}

export interface CheckoutContext {
  step: CheckoutStep
  loggedIn: boolean
  packageId: number | null
  planId: number | null
  orderId: string | null
  home: ShopHome | null
  pkg: ShopPackage | null
  plans: ShopPlan[]
  plan: ShopPlan | null
  /** The shipping form as typed; kept across steps and refusals. */
  address: ShippingAddress
  saved: ShippingAddress | null
  fieldErrors: FieldErrors
  order: Order | null
}

export type CheckoutVisit = {
  type: 'checkout.visit'
  step: CheckoutStep
  loggedIn: boolean
  packageId?: number
  planId?: number
  orderId?: string
}

export type CheckoutEvent =
  | CheckoutVisit
  | { type: 'checkout.next' }
  | { type: 'checkout.back' }
  | { type: 'checkout.pay' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.restart' }
  | { type: 'shipping.change'; field: ShippingField; value: string }
  | { type: 'shipping.submit' }

/** The machine's state for each page. */
const STEP_STATES = [
  ['packages', 'catalogue'],
  ['package', 'package'],
  ['plan', 'plan'],
  ['shipping', 'shipping'],
  ['confirm', 'confirm'],
  ['result', 'result'],
] as const satisfies ReadonlyArray<readonly [CheckoutStep, string]>

/** Transitions to the state of the visited page (`event`) or of the current one (`context`). */
export const toStep = (from: 'event' | 'context') =>
  STEP_STATES.map(([step, state]) => ({
    guard: { type: 'isStep' as const, params: { step, from } },
    target: `#checkout.${state}`,
    reenter: true,
  }))
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })
/**
 * Where a step goes when its page cannot load: the not-found page for a 404; for a lost login
 * (401) the failed page with the login modal open; otherwise the failed page with a retry.
 */
export const loadFailed = () => [
  {
    guard: { type: 'isNotFound' as const, params: errorParams },
    target: '#checkout.notFound',
  },
  {
    guard: { type: 'isLoginLost' as const, params: errorParams },
    target: '#checkout.failed',
    actions: 'requireLogin' as const,
    description: 'The login has expired: the login modal opens.',
  },
  { target: '#checkout.failed' },
]

export const place = (context: CheckoutContext) => ({
  packageId: context.plan?.package_id ?? context.packageId,
  planId: context.plan?.plan_id ?? context.planId,
})

/** The checkout's types, effects by name, actions and guards (the chart is in checkout.machine.ts). */
export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    loadHome: fromPromise<ShopHome>(notProvided('loadHome')),
    loadPackage: fromPromise<{ package: ShopPackage; plans: ShopPlan[] }, { packageId: number }>(
      notProvided('loadPackage'),
    ),
    loadPlan: fromPromise<PlanData, { planId: number }>(notProvided('loadPlan')),
    loadShipping: fromPromise<PlanData & { saved: ShippingAddress | null }, { planId: number }>(
      notProvided('loadShipping'),
    ),
    saveShipping: fromPromise<ShippingAddress, { address: ShippingAddress }>(
      notProvided('saveShipping'),
    ),
    loadConfirm: fromPromise<ConfirmData, { planId: number }>(notProvided('loadConfirm')),
    /** `address`: what the order ships to (an attempt for another address is another order). */
    pay: fromPromise<
      { order: Order; redirectUrl: string | null },
      { planId: number; address: ShippingAddress | null }
    >(notProvided('pay')),
    confirmOrder: fromPromise<Order, { orderId: string }>(notProvided('confirmOrder')),
  },
  actions: {
    goTo: (_, _params: { path: string }) => {},
    leaveFor: (_, _params: { url: string }) => {},
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    /** A paid order may have added gold: the header loads the user again. */
    refreshWallet: () => {},
    visit: assign(({ event }) => {
      assertEvent(event, 'checkout.visit')
      return {
        step: event.step,
        loggedIn: event.loggedIn,
        packageId: event.packageId ?? null,
        planId: event.planId ?? null,
        orderId: event.orderId ?? null,
      }
    }),
    storePlan: assign((_, data: PlanData) => ({ plan: data.plan, pkg: data.package })),
    storeSaved: assign(({ context }, data: { saved: ShippingAddress | null }) => ({
      saved: data.saved,
      // A draft typed earlier in this visit wins over the saved address.
      address:
        context.address === EMPTY_SHIPPING ? (data.saved ?? EMPTY_SHIPPING) : context.address,
    })),
    edit: assign(({ context, event }) => {
      if (event.type !== 'shipping.change') return {}
      const { [event.field]: _, ...otherErrors } = context.fieldErrors
      return {
        address: { ...context.address, [event.field]: event.value },
        fieldErrors: otherErrors,
      }
    }),
    checkForm: assign(({ context }) => {
      const checked = checkShippingAddress(context.address)
      return { fieldErrors: checked.ok ? {} : checked.errors }
    }),
    refuseFields: assign((_, params: { error: unknown }) => ({
      fieldErrors: failures.fieldErrors(params.error) ?? {},
    })),
    storeOrder: assign((_, order: Order | null) => ({ order })),
  },
  guards: {
    isStep: ({ context, event }, params: { step: CheckoutStep; from: 'event' | 'context' }) =>
      (params.from === 'event' && event.type === 'checkout.visit' ? event.step : context.step) ===
      params.step,
    isAnonymous: ({ context }) => !context.loggedIn,
    requiresShipping: ({ context }) => context.plan?.requires_shipping === true,
    formInvalid: ({ context }) => !checkShippingAddress(context.address).ok,
    canPay: ({ context }) =>
      context.plan !== null && (!context.plan.requires_shipping || context.saved !== null),
    hasRedirect: (_, params: { url: string | null }) => params.url !== null,
    isExpired: (_, params: { order: Order }) => params.order.status === 'expired',
    isPaid: (_, params: { order: Order }) => params.order.status === 'paid',
    isOpen: ({ context }) => context.order !== null && !isSettled(context.order.status),
    isNotFound: (_, { error }: { error: unknown }) => failures.notFound(error),
    isLoginLost: (_, { error }: { error: unknown }) => failures.loginLost(error),
    hasFieldErrors: (_, { error }: { error: unknown }) => failures.fieldErrors(error) !== null,
    isShippingMissing: (_, { error }: { error: unknown }) =>
      failures.errorType(error) === 'SHIPPING_REQUIRED',
    isOrderExpired: (_, { error }: { error: unknown }) =>
      failures.errorType(error) === 'ORDER_EXPIRED',
  },
})
