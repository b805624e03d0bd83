import { assign } from 'xstate'
import { checkoutPath, orderResultPath } from '../../domain/shop-paths.ts'
import { checkoutSetup, errorParams, loadFailed, place } from './checkout.setup.ts'

/** `…/shipping`: the form, checked before it is sent; the server's refusals stay by their fields. */
export const shipping = checkoutSetup.createStateConfig({
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
        onError: loadFailed(),
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
        onError: loadFailed(),
      },
    },
    ready: {
      on: {
        'checkout.pay': { guard: 'canPay', target: 'reserving' },
      },
    },
    reserving: {
      description: 'Reserves the order (one per attempt, by its client key) and opens the payment.',
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
})
