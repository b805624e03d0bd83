import { assign } from 'xstate'
import { EMPTY_SHIPPING } from '../../domain/shop-forms.ts'
import { checkoutPath, previousStep } from '../../domain/shop-paths.ts'
import { checkoutSetup, errorParams, loadFailed, place, toStep } from './checkout.setup.ts'
import { confirm, shipping } from './checkout.steps.ts'

export type {
  CheckoutContext,
  CheckoutEvent,
  CheckoutVisit,
  ConfirmData,
  PlanData,
  ShopHome,
} from './checkout.setup.ts'

/**
 * The povo shop checkout (SPEC §2 /povo_ec…): package → plan → shipping → confirm → reserving →
 * redirecting to the payment provider → result. Every step has its own address: pages send
 * `checkout.visit`, so browser back and a reload land on the right step, and the order's state
 * always comes from the server (the result page asks it, never the URL).
 */
export const checkoutMachine = checkoutSetup.createMachine({
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
            onError: loadFailed(),
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
            onError: loadFailed(),
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
    shipping,
    confirm,
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
