import { and, assign, enqueueActions, fromPromise, sendParent, setup, spawnChild } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import {
  activeFanLog,
  giftLimit,
  type Gift,
  type GiftGroup,
  type GiftResult,
  type Wallet,
} from '../../domain/gifts.ts'
import { notProvided } from '../not-provided.ts'

/** What the panel loads: the catalogue's tabs and the viewer's means in this room. */
export interface GiftPanelData {
  groups: GiftGroup[]
  wallet: Wallet
  /** The confirm step before paid gifts (is_confirm_gifting_use_gold). */
  confirmPaid: boolean
  fanLevel: number
}

export interface GiftContext {
  roomId: number
  liveId: number
  userId: number | null
  groups: GiftGroup[]
  wallet: Wallet
  confirmPaid: boolean
  fanLevel: number
  selected: Gift | null
  count: number
}

export type GiftEvent =
  | { type: 'gift.select'; giftId: number }
  | { type: 'gift.count'; count: number }
  | { type: 'gift.send' }
  | { type: 'gift.confirm' }
  | { type: 'gift.cancel' }
  | { type: 'gift.retry' }
  | { type: 'gift.reload' }
  | { type: 'gift.bulk' }
  | { type: 'gift.confirmPaid'; on: boolean }

/** What the panel tells the room: a self-only log for the comment list (SPEC §4). */
export type GiftReport = { type: 'gift.selfLog'; text: string }

/** What bulk_gifting_free answers: a gift result and what was sent of each star. */
export type BulkResult = GiftResult & { gifts: Array<{ gift_id: number; num: number }> }

export interface SendGiftInput {
  liveId: number
  giftId: number
  num: number
  free: boolean
}

const limitOf = (c: Pick<GiftContext, 'selected' | 'wallet'>) =>
  c.selected ? giftLimit(c.selected, c.wallet) : 0

/** What is being sent: the selected gift, as many as chosen. */
const sentOf = (c: GiftContext): SendGiftInput => ({
  liveId: c.liveId,
  giftId: c.selected?.gift_id ?? 0,
  num: c.count,
  free: c.selected?.free ?? false,
})

const findGift = (groups: readonly GiftGroup[], giftId: number) =>
  groups.flatMap((g) => g.gift_list).find((g) => g.gift_id === giftId) ?? null

/**
 * The gift panel of a room (SPEC §4): choose a gift and how many (free: up to what the viewer
 * holds; paid: up to what the gold buys), confirm paid gifts when asked to, send. The wallet and
 * fan level follow the server's answer; a failure keeps the selection.
 */
export const giftMachine = setup({
  types: {
    context: {} as GiftContext,
    events: {} as GiftEvent,
    input: {} as { roomId: number; liveId: number; userId: number | null },
  },
  actors: {
    loadPanel: fromPromise<GiftPanelData, { roomId: number }>(notProvided('loadPanel')),
    sendGift: fromPromise<GiftResult, SendGiftInput>(notProvided('sendGift')),
    /** SPEC §7 bulk_gifting_free: every free star held, up to 10 of each. */
    sendBulk: fromPromise<BulkResult, { liveId: number }>(notProvided('sendBulk')),
    /** `/user/update_gift_use_flg` type 1: the confirm step before paid gifts. */
    saveConfirmPaid: fromPromise<unknown, { on: boolean }>(notProvided('saveConfirmPaid')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    walletChanged: (_, _wallet: { gold: number; expiringGold: number }) => {},
    requireLogin: () => {},
    tellRoom: sendParent((_, params: { text: string }): GiftReport => ({
      type: 'gift.selfLog',
      text: params.text,
    })),
    store: assign((_, data: GiftPanelData) => ({
      groups: data.groups,
      wallet: data.wallet,
      confirmPaid: data.confirmPaid,
      fanLevel: data.fanLevel,
    })),
    select: assign(({ context, event }) => {
      if (event.type !== 'gift.select') return {}
      const selected = findGift(context.groups, event.giftId)
      return { selected, count: Math.min(1, limitOf({ selected, wallet: context.wallet })) }
    }),
    setCount: assign(({ context, event }) =>
      event.type === 'gift.count'
        ? {
            count: Math.max(
              Math.min(1, limitOf(context)),
              Math.min(Math.floor(event.count), limitOf(context)),
            ),
          }
        : {},
    ),
    settleBulk: assign(({ context }, result: BulkResult) => {
      const freeNums = { ...context.wallet.freeNums }
      for (const g of result.gifts)
        freeNums[g.gift_id] = Math.max(0, (freeNums[g.gift_id] ?? 0) - g.num)
      const wallet = { ...context.wallet, freeNums }
      return {
        wallet,
        fanLevel: result.fan_level.fan_level,
        count: Math.min(context.count, limitOf({ selected: context.selected, wallet })),
      }
    }),
    setConfirmPaid: assign(({ event }) =>
      event.type === 'gift.confirmPaid' ? { confirmPaid: event.on } : {},
    ),
    settle: assign(({ context }, result: GiftResult & { sent: SendGiftInput }) => {
      const { sent } = result
      const held = context.wallet.freeNums[sent.giftId] ?? 0
      const wallet: Wallet = sent.free
        ? {
            ...context.wallet,
            freeNums: {
              ...context.wallet.freeNums,
              [sent.giftId]: Math.max(0, result.free_num ?? held - sent.num),
            },
          }
        : {
            ...context.wallet,
            gold: result.remaining_point,
            expiringGold: result.remaining_expiring_point,
          }
      const limit = limitOf({ selected: context.selected, wallet })
      return { wallet, fanLevel: result.fan_level.fan_level, count: Math.min(context.count, limit) }
    }),
  },
  guards: {
    /** Free stars (free gifts with points; vote gifts have none) the viewer holds. */
    hasFreeStars: ({ context }) =>
      context.groups
        .flatMap((g) => g.gift_list)
        .some((g) => g.free && g.point > 0 && (context.wallet.freeNums[g.gift_id] ?? 0) > 0),
    isAnonymous: ({ context }) => context.userId === null,
    canSend: ({ context }) =>
      context.selected !== null && context.count >= 1 && context.count <= limitOf(context),
    needsConfirm: ({ context }) => context.confirmPaid && context.selected?.free === false,
  },
}).createMachine({
  id: 'gift',
  context: ({ input }) => ({
    roomId: input.roomId,
    liveId: input.liveId,
    userId: input.userId,
    groups: [],
    wallet: { gold: 0, expiringGold: 0, freeNums: {} },
    confirmPaid: true,
    fanLevel: 0,
    selected: null,
    count: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'gift.retry': 'loading' } },
    ready: {
      initial: 'choosing',
      on: {
        'gift.reload': {
          target: 'loading',
          description: 'A vote opened or closed: the vote gifts and stock change.',
        },
        'gift.confirmPaid': {
          actions: [
            'setConfirmPaid',
            spawnChild('saveConfirmPaid', {
              input: ({ event }) => ({ on: event.type === 'gift.confirmPaid' && event.on }),
            }),
          ],
          description:
            "The confirm dialog's 'do not ask again', or asking again; saved on the account.",
        },
      },
      states: {
        choosing: {
          on: {
            'gift.select': { actions: 'select' },
            'gift.count': { actions: 'setCount' },
            'gift.send': [
              {
                guard: 'isAnonymous',
                actions: 'requireLogin',
                description: 'Gifts need an account.',
              },
              {
                guard: and(['canSend', 'needsConfirm']),
                target: 'confirming',
                description: 'A paid gift with the confirm step on (is_confirm_gifting_use_gold).',
              },
              { guard: 'canSend', target: 'sending' },
            ],
            'gift.bulk': [
              { guard: 'isAnonymous', actions: 'requireLogin' },
              { guard: 'hasFreeStars', target: 'sendingBulk' },
            ],
          },
        },
        sendingBulk: {
          invoke: {
            id: 'sendBulk',
            src: 'sendBulk',
            input: ({ context }) => ({ liveId: context.liveId }),
            onDone: {
              target: 'choosing',
              actions: [
                { type: 'settleBulk', params: ({ event }) => event.output },
                enqueueActions(({ event, enqueue }) => {
                  if (event.output.notify_level_up) {
                    enqueue({ type: 'notify', params: { tone: 'success', key: 'gift.levelUp' } })
                  }
                }),
              ],
            },
            onError: {
              target: 'choosing',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirming: {
          on: {
            'gift.confirm': 'sending',
            'gift.cancel': 'choosing',
          },
        },
        sending: {
          invoke: {
            id: 'sendGift',
            src: 'sendGift',
            input: ({ context }) => sentOf(context),
            onDone: {
              target: 'choosing',
              actions: [
                {
                  type: 'settle',
                  params: ({ context, event }) => ({ ...event.output, sent: sentOf(context) }),
                },
                enqueueActions(({ context, event, enqueue }) => {
                  // The header's gold follows the server's answer.
                  enqueue({
                    type: 'walletChanged',
                    params: {
                      gold: event.output.remaining_point,
                      expiringGold: event.output.remaining_expiring_point,
                    },
                  })
                  if (event.output.notify_level_up) {
                    enqueue({ type: 'notify', params: { tone: 'success', key: 'gift.levelUp' } })
                  }
                  // SPEC §4: a paid gift that raises the active-fan level to 1–4 leaves a
                  // self-only log (Japanese and English).
                  const { before_level, current_level } = event.output.active_fan
                  const log = current_level > before_level ? activeFanLog(current_level) : null
                  if (!sentOf(context).free && log) {
                    enqueue({ type: 'tellRoom', params: { text: `${log.ja} ${log.en}` } })
                  }
                }),
              ],
            },
            onError: {
              target: 'choosing',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              description: 'The toast explains; the gift and count stay selected.',
            },
          },
        },
      },
    },
  },
})
