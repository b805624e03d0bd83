import { assign, fromPromise, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import {
  EMPTY_SHIPPING,
  checkShippingAddress,
  checkoutPath,
  isSettled,
  orderResultPath,
  previousStep,
  type CheckoutStep,
  type FieldErrors,
  type Order,
  type ShippingAddress,
  type ShippingField,
  type ShopBanner,
  type ShopPackage,
  type ShopPlan,
} from '../../domain/shop.ts'
import { failures } from './failures.ts'

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

const notProvided = (name: string) => () => {
  throw new Error(`${name} is provided in src/compose-shop.ts`)
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
const toStep = (from: 'event' | 'context') =>
  STEP_STATES.map(([step, state]) => ({
    guard: { type: 'isStep' as const, params: { step, from } },
    target: `#checkout.${state}`,
    reenter: true,
  }))
const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })
const place = (context: CheckoutContext) => ({
  packageId: context.plan?.package_id ?? context.packageId,
  planId: context.plan?.plan_id ?? context.planId,
})

/**
 * The povo shop checkout (SPEC §2 /povo_ec…): package → plan → shipping → confirm → reserving →
 * redirecting to the payment provider → result. Every step has its own address: pages send
 * `checkout.visit`, so browser back and a reload land on the right step, and the order's state
 * always comes from the server (the result page asks it, never the URL).
 */
export const checkoutMachine = setup({
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
    visit: assign(({ event }) =>
      event.type === 'checkout.visit'
        ? {
            step: event.step,
            loggedIn: event.loggedIn,
            packageId: event.packageId ?? null,
            planId: event.planId ?? null,
            orderId: event.orderId ?? null,
          }
        : {},
    ),
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
}).createMachine({
  id: 'checkout',
  context: {
    step: 'packages',
    loggedIn: false,
    packageId: null,
    planId: null,
    orderId: null,
    home: null,
    pkg: null,
    plans: [],
    plan: null,
    address: EMPTY_SHIPPING,
    saved: null,
    fieldErrors: {},
    order: null,
  },
  initial: 'idle',
  on: {
    'checkout.visit': toStep('event').map((t) => ({
      ...t,
      actions: 'visit' as const,
      description: 'A page of the checkout opened (a link, browser back or a reload).',
    })),
    'checkout.back': {
      actions: {
        type: 'goTo',
        params: ({ context }) => ({
          path: checkoutPath(
            previousStep(context.step, context.plan?.requires_shipping === true),
            place(context),
          ),
        }),
      },
    },
  },
  states: {
    idle: {},
    catalogue: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadHome',
            src: 'loadHome',
            onDone: { target: 'ready', actions: assign({ home: ({ event }) => event.output }) },
            onError: '#checkout.failed',
          },
        },
        ready: {},
      },
    },
    package: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPackage',
            src: 'loadPackage',
            input: ({ context }) => ({ packageId: context.packageId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: assign({
                pkg: ({ event }) => event.output.package,
                plans: ({ event }) => event.output.plans,
              }),
            },
            onError: [
              { guard: { type: 'isNotFound', params: errorParams }, target: '#checkout.notFound' },
              { target: '#checkout.failed' },
            ],
          },
        },
        ready: {},
      },
    },
    plan: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPlan',
            src: 'loadPlan',
            input: ({ context }) => ({ planId: context.planId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: { type: 'storePlan', params: ({ event }) => event.output },
            },
            onError: [
              { guard: { type: 'isNotFound', params: errorParams }, target: '#checkout.notFound' },
              { target: '#checkout.failed' },
            ],
          },
        },
        ready: {
          on: {
            'checkout.next': [
              { guard: 'isAnonymous', actions: 'requireLogin' },
              {
                guard: 'requiresShipping',
                actions: {
                  type: 'goTo',
                  params: ({ context }) => ({ path: checkoutPath('shipping', place(context)) }),
                },
              },
              {
                description: 'Digital plans need no address: straight to the confirmation.',
                actions: {
                  type: 'goTo',
                  params: ({ context }) => ({ path: checkoutPath('confirm', place(context)) }),
                },
              },
            ],
          },
        },
      },
    },
    shipping: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadShipping',
            src: 'loadShipping',
            input: ({ context }) => ({ planId: context.planId ?? 0 }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'storePlan', params: ({ event }) => event.output },
                { type: 'storeSaved', params: ({ event }) => event.output },
              ],
            },
            onError: [
              { guard: { type: 'isNotFound', params: errorParams }, target: '#checkout.notFound' },
              {
                guard: { type: 'isLoginLost', params: errorParams },
                target: '#checkout.failed',
                actions: 'requireLogin',
                description: 'The login has expired: the login modal opens.',
              },
              { target: '#checkout.failed' },
            ],
          },
        },
        editing: {
          on: {
            'shipping.change': { actions: 'edit' },
            'shipping.submit': [
              {
                guard: 'formInvalid',
                actions: 'checkForm',
                description:
                  'The form is checked before it is sent; the messages show by each field.',
              },
              { target: 'saving', actions: 'checkForm' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'saveShipping',
            src: 'saveShipping',
            input: ({ context }) => ({ address: context.address }),
            onDone: {
              target: 'saved',
              actions: [
                assign(({ event }) => ({ saved: event.output, address: event.output })),
                {
                  type: 'goTo',
                  params: ({ context }) => ({ path: checkoutPath('confirm', place(context)) }),
                },
              ],
            },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: errorParams },
                target: 'editing',
                actions: { type: 'refuseFields', params: errorParams },
                description:
                  'The server refused fields: its messages show by them; nothing typed is lost.',
              },
              {
                guard: { type: 'isLoginLost', params: errorParams },
                target: 'editing',
                actions: 'requireLogin',
              },
              {
                target: 'editing',
                actions: { type: 'reportError', params: errorParams },
              },
            ],
          },
        },
        saved: {},
      },
    },
    confirm: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadConfirm',
            src: 'loadConfirm',
            input: ({ context }) => ({ planId: context.planId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'storePlan', params: ({ event }) => event.output },
                { type: 'storeSaved', params: ({ event }) => event.output },
                { type: 'storeOrder', params: ({ event }) => event.output.order },
              ],
            },
            onError: [
              { guard: { type: 'isNotFound', params: errorParams }, target: '#checkout.notFound' },
              {
                guard: { type: 'isLoginLost', params: errorParams },
                target: '#checkout.failed',
                actions: 'requireLogin',
                description: 'The login has expired: the login modal opens.',
              },
              { target: '#checkout.failed' },
            ],
          },
        },
        ready: {
          on: {
            'checkout.pay': { guard: 'canPay', target: 'reserving' },
          },
        },
        reserving: {
          description:
            'Reserves the order (one per attempt, by its client key) and opens the payment.',
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => ({
              planId: context.plan?.plan_id ?? 0,
              address: context.plan?.requires_shipping ? context.saved : null,
            }),
            onDone: [
              {
                guard: {
                  type: 'hasRedirect',
                  params: ({ event }) => ({ url: event.output.redirectUrl }),
                },
                target: '#checkout.redirecting',
                actions: [
                  { type: 'storeOrder', params: ({ event }) => event.output.order },
                  {
                    type: 'leaveFor',
                    params: ({ event }) => ({ url: event.output.redirectUrl ?? '' }),
                  },
                ],
              },
              {
                guard: {
                  type: 'isExpired',
                  params: ({ event }) => ({ order: event.output.order }),
                },
                target: '#checkout.expired',
                actions: { type: 'storeOrder', params: ({ event }) => event.output.order },
              },
              {
                target: 'ready',
                actions: [
                  { type: 'storeOrder', params: ({ event }) => event.output.order },
                  {
                    type: 'goTo',
                    params: ({ event }) => ({ path: orderResultPath(event.output.order.order_id) }),
                  },
                ],
                description: 'This attempt was already paid or ended: its result page shows it.',
              },
            ],
            onError: [
              {
                guard: { type: 'isOrderExpired', params: errorParams },
                target: '#checkout.expired',
              },
              {
                guard: { type: 'isShippingMissing', params: errorParams },
                target: 'ready',
                actions: {
                  type: 'goTo',
                  params: ({ context }) => ({ path: checkoutPath('shipping', place(context)) }),
                },
              },
              {
                guard: { type: 'isLoginLost', params: errorParams },
                target: 'ready',
                actions: 'requireLogin',
              },
              { target: 'ready', actions: { type: 'reportError', params: errorParams } },
            ],
          },
        },
      },
    },
    redirecting: {
      description: 'The browser is on its way to the payment provider.',
    },
    result: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'confirmOrder',
            src: 'confirmOrder',
            input: ({ context }) => ({ orderId: context.orderId ?? '' }),
            onDone: [
              {
                guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output }) },
                target: 'done',
                actions: [
                  { type: 'storeOrder', params: ({ event }) => event.output },
                  'refreshWallet',
                ],
              },
              {
                target: 'done',
                actions: { type: 'storeOrder', params: ({ event }) => event.output },
              },
            ],
            onError: [
              { guard: { type: 'isNotFound', params: errorParams }, target: '#checkout.notFound' },
              {
                guard: { type: 'isLoginLost', params: errorParams },
                target: '#checkout.failed',
                actions: 'requireLogin',
              },
              { target: '#checkout.failed' },
            ],
          },
        },
        done: {
          on: {
            'checkout.retry': {
              guard: 'isOpen',
              target: 'loading',
              description: 'The provider has not answered yet: ask the server again.',
            },
          },
        },
      },
    },
    expired: {
      description: 'The order was not paid in time; nothing was charged.',
      on: {
        'checkout.restart': {
          actions: {
            type: 'goTo',
            params: ({ context }) => ({ path: checkoutPath('plan', place(context)) }),
          },
        },
      },
    },
    failed: {
      on: { 'checkout.retry': toStep('context') },
    },
    notFound: {},
  },
})
