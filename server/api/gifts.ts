import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { requireUserId } from '../request.ts'
import { openLive } from '../services/lives.ts'
import { enqueteResult, openEnquete } from '../services/enquetes.ts'
import { giftGroups, giftList } from '../services/gift-list.ts'
import { sendAllFreeStars, sendGift } from '../services/gifts.ts'
import { giftLog, stageUsers, summaryRanking } from '../services/gift-rankings.ts'
import {
  BulkGiftBody,
  GiftBody,
  GiftUseFlagBody,
  type BulkGiftAnswer,
  type GiftAnswer,
  type GiftLogAnswer,
  type GiftUseFlagAnswer,
} from '../../src/contract/gifts.ts'
import { idString, input, query } from '../validate.ts'

/** Gifts of SPEC §7 Live: the catalogue, sending free and paid gifts, the gift log. */
export function giftRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/gift_list', async (c) => c.json(await giftList(c.var.db)))

  api.get('/gift_groups', async (c) => c.json({ gift_groups: await giftGroups(c.var.db) }))

  api.get('/gift_log', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    return c.json({
      gift_log: live ? await giftLog(c.var.db, live.live_id) : [],
    } satisfies GiftLogAnswer)
  })

  // The open vote's results so far (or the last one's): is_enquete and each answer's share.
  api.get('/enquete_result', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    if (!live) return c.json({ is_enquete: false, results: [] })
    const open = await openEnquete(c.var.db, live.live_id)
    const last =
      open ??
      (await c.var.db
        .selectFrom('enquetes')
        .select(['id', 'option_count'])
        .where('live_id', '=', live.live_id)
        .orderBy('id', 'desc')
        .executeTakeFirst())
    return c.json({
      is_enquete: open !== undefined,
      results: last ? await enqueteResult(c.var.db, last) : [],
    })
  })

  api.get('/stage_user_list', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    return c.json({ stage_user_list: live ? await stageUsers(c.var.db, live.live_id) : [] })
  })

  api.get('/summary_ranking', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const room = await c.var.db
      .selectFrom('rooms')
      .select('id')
      .where('id', '=', room_id)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    const ranking = await summaryRanking(c.var.db, room.id)
    return c.json({ ranking, total_point: ranking.reduce((sum, r) => sum + r.point, 0) })
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
    await c.var.db
      .updateTable('users')
      .set({ is_confirm_gifting_use_gold: flg })
      .where('id', '=', userId)
      .execute()
    return c.json({ ok: '1' } satisfies GiftUseFlagAnswer)
  })
  return api
}
