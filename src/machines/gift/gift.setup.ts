import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import {
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
  | { type: 'xstate.done.actor.sendGift'; output: GiftResult }
  | { type: 'xstate.error.actor.sendGift'; error: unknown }

/**
 * What the panel tells the room: a self-only log for the comment list (SPEC §4), and that a gift
 * completed a mission (the room toasts it and the mission panel loads again).
 */
export type GiftReport = { type: 'gift.selfLog'; text: string } | { type: 'mission.achieved' }

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

/**
 * What goes out: the selected gift, as many as chosen; null with none selected or a count past
 * its limit. The guard that sends, the send and the settling of its answer all read it here.
 */
export function sendingOf(c: GiftContext): SendGiftInput | null {
  const gift = c.selected
  if (gift === null || c.count < 1 || c.count > giftLimit(gift, c.wallet)) return null
  return { liveId: c.liveId, giftId: gift.gift_id, num: c.count, free: gift.free }
}

const findGift = (groups: readonly GiftGroup[], giftId: number) =>
  groups.flatMap((g) => g.gift_list).find((g) => g.gift_id === giftId) ?? null

/** The gift panel's effects, actions and guards; its states are in gift.machine.ts. */
export const giftSetup = setup({
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
    tellMissionAchieved: sendParent({ type: 'mission.achieved' } satisfies GiftReport),
    store: assign((_, data: GiftPanelData) => ({
      groups: data.groups,
      wallet: data.wallet,
      confirmPaid: data.confirmPaid,
      fanLevel: data.fanLevel,
    })),
    select: assign(({ context, event }) => {
      assertEvent(event, 'gift.select')
      const selected = findGift(context.groups, event.giftId)
      return { selected, count: Math.min(1, limitOf({ selected, wallet: context.wallet })) }
    }),
    setCount: assign(({ context, event }) => {
      assertEvent(event, 'gift.count')
      return {
        count: Math.max(
          Math.min(1, limitOf(context)),
          Math.min(Math.floor(event.count), limitOf(context)),
        ),
      }
    }),
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
    setConfirmPaid: assign(({ event }) => {
      assertEvent(event, 'gift.confirmPaid')
      return { confirmPaid: event.on }
    }),
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
    canSend: ({ context }) => sendingOf(context) !== null,
    needsConfirm: ({ context }) => context.confirmPaid && context.selected?.free === false,
  },
})
