import { assign, enqueueActions, stopChild } from 'xstate'
import { checkoutPath, orderResultPath } from '../../domain/shop-paths.ts'
import {
  checkoutSetup,
  errorParams,
  loadFailed,
  paymentOf,
  place,
  planIdOf,
} from './checkout.setup.ts'

/** `…/shipping`: the form, checked before it is sent; the server's refusals stay by their fields. */
export const shipping = checkoutSetup.createStateConfig({
  initial: 'loading',
  states: {
    loading: {
      // The plan visited (`isStep` has just found the page whole).
      entry: enqueueActions(({ context, enqueue }) => {
        const planId = planIdOf(context)
        if (planId !== null)
          enqueue.spawnChild('loadShipping', { id: 'loadShipping', input: { planId } })
      }),
      exit: stopChild('loadShipping'),
      on: {
        'xstate.done.actor.loadShipping': {
          target: 'editing',
          actions: [
            { type: 'storePlan', params: ({ event }) => event.output },
            { type: 'storeSaved', params: ({ event }) => event.output },
          ],
        },
        'xstate.error.actor.loadShipping': loadFailed(),
      },
    },
    editing: {
      on: {
        'shipping.change': { actions: 'edit' },
        'shipping.submit': [
          {
            guard: 'formInvalid',
            actions: 'checkForm',
            description: 'The form is checked before it is sent; the messages show by each field.',
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
})

/** `…/shipping/confirm`: the order as it will be placed, then reserving it and opening its payment. */
export const confirm = checkoutSetup.createStateConfig({
  initial: 'loading',
  states: {
    loading: {
      // The plan visited (`isStep` has just found the page whole).
      entry: enqueueActions(({ context, enqueue }) => {
        const planId = planIdOf(context)
        if (planId !== null)
          enqueue.spawnChild('loadConfirm', { id: 'loadConfirm', input: { planId } })
      }),
      exit: stopChild('loadConfirm'),
      on: {
        'xstate.done.actor.loadConfirm': {
          target: 'ready',
          actions: [
            { type: 'storePlan', params: ({ event }) => event.output },
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'storeOrder', params: ({ event }) => event.output.order },
          ],
        },
        'xstate.error.actor.loadConfirm': loadFailed(),
      },
    },
    ready: {
      on: {
        'checkout.pay': {
          guard: 'canPay',
          target: 'reserving',
          // The order as confirmed (`canPay` has just found it whole).
          actions: enqueueActions(({ context, enqueue }) => {
            const payment = paymentOf(context)
            if (payment) enqueue.spawnChild('pay', { id: 'pay', input: payment })
          }),
        },
      },
    },
    reserving: {
      description: 'Reserves the order (one per attempt, by its client key) and opens the payment.',
      // Another page visited meanwhile leaves the payment behind, as an invoke would.
      exit: stopChild('pay'),
      on: {
        'xstate.done.actor.pay': [
          {
            guard: {
              type: 'hasRedirect',
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
            target: '#checkout.redirecting',
            // To the provider's page the answer names (`hasRedirect` has just found one).
            actions: [
              { type: 'storeOrder', params: ({ event }) => event.output.order },
              enqueueActions(({ event, enqueue }) => {
                const url = event.output.redirectUrl
                if (url !== null) enqueue({ type: 'leaveFor', params: { url } })
              }),
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
        'xstate.error.actor.pay': [
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
})
