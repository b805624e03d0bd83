import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import {
  EC_MAX_QUANTITY,
  type EcCategory,
  type EcConfig,
  type EcItem,
  type EcPurchaseLog,
  type Order,
} from '../../domain/shop.ts'
import { failures } from '../povo/failures.ts'
import { notProvided } from '../not-provided.ts'

export interface EcShopData {
  config: EcConfig
  items: EcItem[]
  categories: EcCategory[]
  logs: EcPurchaseLog[]
}

export interface EcShopContext extends Omit<EcShopData, 'config'> {
  roomUrlKey: string
  loggedIn: boolean
  config: EcConfig | null
  /** 0: every category. */
  categoryId: number
  item: EcItem | null
  quantity: number
}

export type EcShopEvent =
  | { type: 'shop.filter'; categoryId: number }
  | { type: 'item.choose'; itemId: number }
  | { type: 'item.quantity'; quantity: number }
  | { type: 'item.buy' }
  | { type: 'item.cancel' }
  | { type: 'shop.retry' }
  | { type: 'xstate.done.actor.pay'; output: PayAnswer }
  | { type: 'xstate.error.actor.pay'; error: unknown }

/** What the payment answers: the order, and the provider's page to go to (null: none needed). */
export interface PayAnswer {
  order: Order
  redirectUrl: string | null
}

interface PayInput {
  roomId: number
  itemId: number
  quantity: number
}

/**
 * The order as it goes to the payment: the shop's room and the item chosen, both there once the
 * dialog is open. The guard that buys and the payment itself read it here, so they cannot disagree.
 */
function orderOf(c: EcShopContext): PayInput | null {
  if (c.config === null || c.item === null) return null
  return { roomId: c.config.room_id, itemId: c.item.item_id, quantity: c.quantity }
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** How many of an item one order may take: its stock, at most EC_MAX_QUANTITY. */
export const maxQuantity = (item: EcItem) =>
  Math.max(0, Math.min(EC_MAX_QUANTITY, item.stock ?? EC_MAX_QUANTITY))

/**
 * A room's item shop (`/r/{room_url_key}/ec_items`): items by category, choosing one and how
 * many, then an order through the payment provider; purchase logs below. Sold out and a lost
 * login are answered in place.
 */
export const ecShopMachine = setup({
  types: {
    context: {} as EcShopContext,
    events: {} as EcShopEvent,
    input: {} as { roomUrlKey: string; loggedIn: boolean },
  },
  actors: {
    loadShop: fromPromise<EcShopData, { roomUrlKey: string; loggedIn: boolean }>(
      notProvided('loadShop'),
    ),
    pay: fromPromise<PayAnswer, PayInput>(notProvided('pay')),
  },
  actions: {
    leaveFor: (_, _params: { url: string }) => {},
    showResult: (_, _params: { orderId: string }) => {},
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    store: assign((_, data: EcShopData) => data),
  },
  guards: {
    isAnonymous: ({ context }) => !context.loggedIn,
    canPay: ({ context }) => orderOf(context) !== null,
    isBuyable: ({ context, event }) => {
      if (event.type !== 'item.choose') return false
      const item = context.items.find((i) => i.item_id === event.itemId)
      return item !== undefined && maxQuantity(item) > 0 && context.config?.is_owner !== true
    },
    isAllowedQuantity: ({ context, event }) =>
      event.type === 'item.quantity' &&
      context.item !== null &&
      Number.isInteger(event.quantity) &&
      event.quantity >= 1 &&
      event.quantity <= maxQuantity(context.item),
    hasRedirect: (_, params: { url: string | null }) => params.url !== null,
    isNotFound: (_, { error }: { error: unknown }) => failures.notFound(error),
    isSoldOut: (_, { error }: { error: unknown }) => failures.errorType(error) === 'SOLD_OUT',
    isLoginLost: (_, { error }: { error: unknown }) => failures.loginLost(error),
  },
}).createMachine({
  id: 'ecShop',
  context: ({ input }) => ({
    roomUrlKey: input.roomUrlKey,
    loggedIn: input.loggedIn,
    config: null,
    items: [],
    categories: [],
    logs: [],
    categoryId: 0,
    item: null,
    quantity: 1,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadShop',
        src: 'loadShop',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey, loggedIn: context.loggedIn }),
        onDone: {
          target: 'browsing',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: [
          { guard: { type: 'isNotFound', params: errorParams }, target: 'notFound' },
          { target: 'failed' },
        ],
      },
    },
    failed: { on: { 'shop.retry': 'loading' } },
    notFound: {},
    browsing: {
      on: {
        'shop.filter': {
          actions: assign({
            categoryId: ({ event }) => event.categoryId,
          }),
        },
        'item.choose': [
          { guard: 'isAnonymous', actions: 'requireLogin' },
          {
            guard: 'isBuyable',
            target: 'choosing',
            actions: assign({
              item: ({ context, event }) =>
                context.items.find((i) => i.item_id === event.itemId) ?? null,
              quantity: 1,
            }),
          },
        ],
      },
    },
    choosing: {
      description: 'The purchase dialog: quantity (up to the stock) and the total.',
      on: {
        'item.quantity': {
          guard: 'isAllowedQuantity',
          actions: assign({ quantity: ({ event }) => event.quantity }),
        },
        'item.cancel': 'browsing',
        'item.buy': {
          guard: 'canPay',
          target: 'paying',
          // The order as chosen (the `canPay` guard has just found it whole).
          actions: enqueueActions(({ context, enqueue }) => {
            const order = orderOf(context)
            if (order) enqueue.spawnChild('pay', { id: 'pay', input: order })
          }),
        },
      },
    },
    paying: {
      on: {
        'xstate.done.actor.pay': [
          {
            guard: {
              type: 'hasRedirect',
              params: ({ event }) => ({ url: event.output.redirectUrl }),
            },
            target: 'redirecting',
            // To the provider's page the answer names (`hasRedirect` has just found one).
            actions: enqueueActions(({ event, enqueue }) => {
              assertEvent(event, 'xstate.done.actor.pay')
              const url = event.output.redirectUrl
              if (url !== null) enqueue({ type: 'leaveFor', params: { url } })
            }),
          },
          {
            target: 'browsing',
            actions: {
              type: 'showResult',
              params: ({ event }) => ({ orderId: event.output.order.order_id }),
            },
          },
        ],
        'xstate.error.actor.pay': [
          {
            guard: { type: 'isSoldOut', params: errorParams },
            target: 'loading',
            actions: { type: 'notify', params: { tone: 'error', key: 'ec.soldOut' } },
            description: 'Someone bought the last ones first: the list is loaded again.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'choosing',
            actions: 'requireLogin',
          },
          { target: 'choosing', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    redirecting: {},
  },
})
