import { Hono } from 'hono'
import {
  BulkGiftBody,
  GiftBody,
  GiftUseFlagBody,
  type BulkGiftAnswer,
  type EnqueteResultAnswer,
  type GiftAnswer,
  type GiftGroupsAnswer,
  type GiftListAnswer,
  type GiftLogAnswer,
  type GiftUseFlagAnswer,
  type StageGiftsAnswer,
  type StageUsersAnswer,
  type SummaryRankingAnswer,
} from '../../src/contract/gifts.ts'
import { RoomQuery } from '../../src/contract/live.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { setConfirmPaidGifts } from '../services/account-profile.ts'
import { roomEnqueteResult } from '../services/enquetes.ts'
import { giftGroups, giftList } from '../services/gift-list.ts'
import { sendAllFreeStars, sendGift } from '../services/gifts.ts'
import {
  roomGiftLog,
  roomStageGifts,
  roomStageUsers,
  roomSummaryRanking,
} from '../services/gift-rankings.ts'
import { input, query } from '../validate.ts'

/** Gifts of SPEC §7 Live: the catalogue, sending free and paid gifts, the gift log. */
export function giftRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/gift_list', async (c) => c.json((await giftList(c.var.db)) satisfies GiftListAnswer))

  api.get('/gift_groups', async (c) =>
    c.json({ gift_groups: await giftGroups(c.var.db) } satisfies GiftGroupsAnswer),
  )

  api.get('/gift_log', async (c) => {
    const { room_id } = query(c, RoomQuery)
    return c.json((await roomGiftLog(c.var.db, room_id)) satisfies GiftLogAnswer)
  })

  // The open vote's results so far (or the last one's): is_enquete and each answer's share.
  api.get('/enquete_result', async (c) => {
    const { room_id } = query(c, RoomQuery)
    return c.json((await roomEnqueteResult(c.var.db, room_id)) satisfies EnqueteResultAnswer)
  })

  api.get('/stage_user_list', async (c) => {
    const { room_id } = query(c, RoomQuery)
    return c.json((await roomStageUsers(c.var.db, room_id)) satisfies StageUsersAnswer)
  })

  api.get('/stage_gift_list', async (c) => {
    const { room_id } = query(c, RoomQuery)
    return c.json((await roomStageGifts(c.var.db, room_id)) satisfies StageGiftsAnswer)
  })

  api.get('/summary_ranking', async (c) => {
    const { room_id } = query(c, RoomQuery)
    return c.json((await roomSummaryRanking(c.var.db, room_id)) satisfies SummaryRankingAnswer)
  })

  for (const [path, kind] of [
    ['/gifting_free', 'free'],
    ['/gifting_point_use', 'paid'],
  ] as const) {
    api.post(path, async (c) => {
      // The caller first (401), then what they sent (400).
      const userId = await requireUserId(c)
      const body = await input(c, GiftBody)
      const request = { userId, liveId: body.live_id, giftId: body.gift_id, num: body.num }
      const sent = await sendGift(c.var.db, c.var.hub, request, kind)
      return c.json(sent satisfies GiftAnswer)
    })
  }

  // SPEC §7 bulk_gifting_free: every free star the viewer holds, all or nothing.
  api.post('/bulk_gifting_free', async (c) => {
    const userId = await requireUserId(c)
    const { live_id } = await input(c, BulkGiftBody)
    const sent = await sendAllFreeStars(c.var.db, c.var.hub, { userId, liveId: live_id })
    return c.json(sent satisfies BulkGiftAnswer)
  })

  return api
}

/** `/user/update_gift_use_flg`: type 1 is the confirm step before paid gifts (flg 1 on, 0 off). */
export function giftSettingRoutes() {
  const api = new Hono<AppEnv>()
  api.post('/update_gift_use_flg', async (c) => {
    const userId = await requireUserId(c)
    const { flg } = await input(c, GiftUseFlagBody)
    await setConfirmPaidGifts(c.var.db, userId, flg)
    return c.json({ ok: '1' } satisfies GiftUseFlagAnswer)
  })
  return api
}
