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

/** What the payment answers: the order, and the provider's page to go to (null: none needed). */
export interface PayAnswer {
  order: Order
  redirectUrl: string | null
}

/** `address`: what the order ships to (an attempt for another address is another order). */
export interface PayInput {
  planId: number
  address: ShippingAddress | null
}

/** What each step's load answers, and the payment's, as their events bring them. */
type Answers = {
  loadPackage: { package: ShopPackage; plans: ShopPlan[] }
  loadPlan: PlanData
  loadShipping: PlanData & { saved: ShippingAddress | null }
  loadConfirm: ConfirmData
  confirmOrder: Order
  pay: PayAnswer
}
type Answered = {
  [K in keyof Answers]:
    | { type: `xstate.done.actor.${K}`; output: Answers[K] }
    | { type: `xstate.error.actor.${K}`; error: unknown }
}[keyof Answers]

export type CheckoutEvent =
  | CheckoutVisit
  | { type: 'checkout.next' }
  | { type: 'checkout.back' }
  | { type: 'checkout.pay' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.restart' }
  | { type: 'shipping.change'; field: ShippingField; value: string }
  | { type: 'shipping.submit' }
  | Answered

/** A page of the checkout with what it shows: its package, its plan or its order. */
export type CheckoutPage =
  | { step: 'packages' }
  | { step: 'package'; packageId: number }
  | { step: 'plan' | 'shipping' | 'confirm'; planId: number }
  | { step: 'result'; orderId: string }

/**
 * The page a visit is on (or the checkout, going back to its step), with what it shows; null when
 * that is missing. The guard that enters a step and the step's load both read it here.
 */
export function pageOf(p: {
  step: CheckoutStep
  packageId?: number | null
  planId?: number | null
  orderId?: string | null
}): CheckoutPage | null {
  const { step, packageId = null, planId = null, orderId = null } = p
  switch (step) {
    case 'packages':
      return { step }
    case 'package':
      return packageId === null ? null : { step, packageId }
    case 'result':
      return orderId === null ? null : { step, orderId }
    default:
      return planId === null ? null : { step, planId }
  }
}

/** The plan of a plan, shipping or confirm page; null on another page. */
export function planIdOf(c: CheckoutContext): number | null {
  const page = pageOf(c)
  return page?.step === 'plan' || page?.step === 'shipping' || page?.step === 'confirm'
    ? page.planId
    : null
}

/**
 * The order as it goes to the payment: the plan confirmed, with the saved address where it ships;
 * null before the plan is loaded or while a needed address is missing. The guard that pays and
 * the payment read it here.
 */
export function paymentOf(c: CheckoutContext): PayInput | null {
  if (c.plan === null) return null
  if (!c.plan.requires_shipping) return { planId: c.plan.plan_id, address: null }
  return c.saved === null ? null : { planId: c.plan.plan_id, address: c.saved }
}

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
    loadPackage: fromPromise<Answers['loadPackage'], { packageId: number }>(
      notProvided('loadPackage'),
    ),
    loadPlan: fromPromise<PlanData, { planId: number }>(notProvided('loadPlan')),
    loadShipping: fromPromise<Answers['loadShipping'], { planId: number }>(
      notProvided('loadShipping'),
    ),
    saveShipping: fromPromise<ShippingAddress, { address: ShippingAddress }>(
      notProvided('saveShipping'),
    ),
    loadConfirm: fromPromise<ConfirmData, { planId: number }>(notProvided('loadConfirm')),
    pay: fromPromise<PayAnswer, PayInput>(notProvided('pay')),
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
      assertEvent(event, 'shipping.change')
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
    /** The server's refusals, by their fields (`hasFieldErrors` has just found them). */
    refuseFields: assign((_, params: { error: unknown }) => {
      const fieldErrors = failures.fieldErrors(params.error)
      return fieldErrors === null ? {} : { fieldErrors }
    }),
    storeOrder: assign((_, order: Order | null) => ({ order })),
  },
  guards: {
    /** The page visited (`event`) or the checkout's own (`context`) is this step, and whole. */
    isStep: ({ context, event }, params: { step: CheckoutStep; from: 'event' | 'context' }) => {
      if (params.from === 'context') return pageOf(context)?.step === params.step
      assertEvent(event, 'checkout.visit')
      return pageOf(event)?.step === params.step
    },
    isAnonymous: ({ context }) => !context.loggedIn,
    requiresShipping: ({ context }) => context.plan?.requires_shipping === true,
    formInvalid: ({ context }) => !checkShippingAddress(context.address).ok,
    canPay: ({ context }) => paymentOf(context) !== null,
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
