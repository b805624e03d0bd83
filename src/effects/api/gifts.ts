import type { GiftResult } from '../../domain/gifts.ts'
import type { BulkResult, GiftPanelData, SendGiftInput } from '../../machines/gift/gift.machine.ts'
import type {
  BulkGiftAnswer,
  BulkGiftBody,
  GiftAnswer,
  GiftBody,
  GiftGroupsAnswer,
  GiftListAnswer,
  GiftLogAnswer,
  GiftUseFlagAnswer,
  GiftUseFlagBody,
} from '../../contract/gifts.ts'
import type { LiveCurrentUserAnswer, RoomQuery } from '../../contract/live.ts'
import { newIdempotencyKey, type ApiClient } from './client.ts'

/**
 * The gift panel of a room: its tabs (with a vote tab while a vote is open), and the viewer's
 * gold, free gifts, votes left and fan level there.
 */
export async function getGiftPanel(
  api: ApiClient,
  roomId: number,
  voteTab: string,
): Promise<GiftPanelData> {
  const [groups, list, me] = await Promise.all([
    api.get<GiftGroupsAnswer>('/api/live/gift_groups'),
    api.get<GiftListAnswer>('/api/live/gift_list'),
    api.get<LiveCurrentUserAnswer>('/api/live/current_user', {
      room_id: roomId,
    } satisfies RoomQuery),
  ])
  const open = new Set(me.gift_list.enquete.map((g) => g.gift_id))
  const votes = list.enquete.filter((g) => open.has(g.gift_id))
  return {
    groups:
      votes.length > 0
        ? [...groups.gift_groups, { name: voteTab, is_default: false, gift_list: votes }]
        : groups.gift_groups,
    wallet: {
      gold: me.gold,
      expiringGold: me.expiring_gold,
      freeNums: Object.fromEntries(
        [...me.gift_list.normal, ...me.gift_list.enquete].map((g) => [g.gift_id, g.free_num]),
      ),
    },
    confirmPaid: me.is_confirm_gifting_use_gold,
    fanLevel: me.fan_level,
  }
}

/** SPEC §7 send gift: `gifting_free` or `gifting_point_use` (gift_id, live_id, num, is_delay). */
export const sendGift = (api: ApiClient, input: SendGiftInput): Promise<GiftResult> =>
  api.postForm<GiftAnswer>(
    input.free ? '/api/live/gifting_free' : '/api/live/gifting_point_use',
    {
      gift_id: input.giftId,
      live_id: input.liveId,
      num: input.num,
      is_delay: '0',
    } satisfies GiftBody,
    // Gold or stock spent: the server runs a retried send once (issue #40).
    { idempotencyKey: newIdempotencyKey() },
  )

/** `/api/live/gift_log` (GET room_id): the live's gifts, newest first. */
export const getGiftLog = async (api: ApiClient, roomId: number) =>
  (await api.get<GiftLogAnswer>('/api/live/gift_log', { room_id: roomId })).gift_log

/** SPEC §7 bulk_gifting_free (POST live_id): every free star held, up to 10 of each. */
export const sendBulkFree = (api: ApiClient, liveId: number): Promise<BulkResult> =>
  api.postForm<BulkGiftAnswer>(
    '/api/live/bulk_gifting_free',
    { live_id: liveId } satisfies BulkGiftBody,
    { idempotencyKey: newIdempotencyKey() },
  )

/** `/user/update_gift_use_flg`: type 1, the confirm step before paid gifts; `ok` is '1'. */
export async function saveConfirmPaid(api: ApiClient, on: boolean): Promise<void> {
  await api.postForm<GiftUseFlagAnswer>('/user/update_gift_use_flg', {
    type: 1,
    flg: on ? 1 : 0,
  } satisfies GiftUseFlagBody)
}
