import { assign, enqueueActions, stopChild } from 'xstate'
import { EMPTY_SHIPPING } from '../../domain/shop-forms.ts'
import { checkoutPath, previousStep } from '../../domain/shop-paths.ts'
import {
  checkoutSetup,
  errorParams,
  loadFailed,
  pageOf,
  place,
  planIdOf,
  toStep,
} from './checkout.setup.ts'
import { confirm, shipping } from './checkout.steps.ts'

export type {
  CheckoutContext,
  CheckoutEvent,
  CheckoutPage,
  CheckoutVisit,
  ConfirmData,
  PayAnswer,
  PayInput,
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
    'checkout.visit': [
      ...toStep('event').map((t) => ({
        ...t,
        actions: 'visit' as const,
        description: 'A page of the checkout opened (a link, browser back or a reload).',
      })),
      {
        target: '#checkout.notFound',
        reenter: true,
        actions: 'visit',
        description: 'A page without the package, plan or order it shows: none is made up.',
      },
    ],
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
          // The package visited (`isStep` has just found the page whole).
          entry: enqueueActions(({ context, enqueue }) => {
            const page = pageOf(context)
            if (page?.step === 'package')
              enqueue.spawnChild('loadPackage', {
                id: 'loadPackage',
                input: { packageId: page.packageId },
              })
          }),
          exit: stopChild('loadPackage'),
          on: {
            'xstate.done.actor.loadPackage': {
              target: 'ready',
              actions: assign({
                pkg: ({ event }) => event.output.package,
                plans: ({ event }) => event.output.plans,
              }),
            },
            'xstate.error.actor.loadPackage': loadFailed(),
          },
        },
        ready: {},
      },
    },
    plan: {
      initial: 'loading',
      states: {
        loading: {
          // The plan visited (`isStep` has just found the page whole).
          entry: enqueueActions(({ context, enqueue }) => {
            const planId = planIdOf(context)
            if (planId !== null)
              enqueue.spawnChild('loadPlan', { id: 'loadPlan', input: { planId } })
          }),
          exit: stopChild('loadPlan'),
          on: {
            'xstate.done.actor.loadPlan': {
              target: 'ready',
              actions: { type: 'storePlan', params: ({ event }) => event.output },
            },
            'xstate.error.actor.loadPlan': loadFailed(),
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
          // The order visited (`isStep` has just found the page whole).
          entry: enqueueActions(({ context, enqueue }) => {
            const page = pageOf(context)
            if (page?.step === 'result')
              enqueue.spawnChild('confirmOrder', {
                id: 'confirmOrder',
                input: { orderId: page.orderId },
              })
          }),
          exit: stopChild('confirmOrder'),
          on: {
            'xstate.done.actor.confirmOrder': [
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
            'xstate.error.actor.confirmOrder': [
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
