import { Hono } from 'hono'
import {
  CanWatchQuery,
  DrawBody,
  HistoryQuery,
  StartWatchBody,
  WatchBody,
  type AdRewardGachaAnswer,
  type AdRewardUserAnswer,
  type AdWatchAnswer,
  type CanWatchAnswer,
  type DrawAnswer,
  type DrawHistoryAnswer,
  type FreeGiftsAnswer,
  type GachaInfoAnswer,
  type GachasAnswer,
  type GoodsAnswer,
  type ShowGoldAnswer,
  type UserDrawCountAnswer,
} from '../../src/contract/gacha.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import {
  adRewardGachaPath,
  adRewardUser,
  canWatch,
  completeWatch,
  getWatch,
  rewardWatch,
  startWatch,
} from '../services/ad-reward.ts'
import { drawHistory, userFreeGifts, userGoods } from '../services/gacha-history.ts'
import { drawGacha, gachaInfo, listGachas, showGold, userDrawCount } from '../services/gachas.ts'
import { input, pathIdOr404, query } from '../validate.ts'

const gachaId = (c: { req: { param(name: 'id'): string } }) => pathIdOr404(c.req.param('id'))

/** SPEC §7 Gacha: /api/gachas… and /api/user/free_gifts. */
export function gachaRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/gachas', async (c) =>
    c.json({ gachas: await listGachas(c.var.db, new Date()) } satisfies GachasAnswer),
  )

  api.get('/gachas/user/hist', async (c) => {
    const userId = await requireUserId(c)
    const { page } = query(c, HistoryQuery)
    return c.json((await drawHistory(c.var.db, userId, page)) satisfies DrawHistoryAnswer)
  })

  api.get('/gachas/:id{[0-9]+}', async (c) =>
    c.json((await gachaInfo(c.var.db, gachaId(c), new Date())) satisfies GachaInfoAnswer),
  )

  api.get('/gachas/:id{[0-9]+}/user', async (c) => {
    const userId = await requireUserId(c)
    const count = await userDrawCount(c.var.db, userId, gachaId(c), new Date())
    return c.json(count satisfies UserDrawCountAnswer)
  })

  api.get('/gachas/:id{[0-9]+}/draw/showgold', async (c) => {
    const userId = await requireUserId(c)
    const gold = await showGold(c.var.db, userId, gachaId(c), new Date())
    return c.json(gold satisfies ShowGoldAnswer)
  })

  api.post('/gachas/:id{[0-9]+}/draw', async (c) => {
    const userId = await requireUserId(c)
    const { draw_count } = await input(c, DrawBody)
    const drawn = await drawGacha(c.var.db, {
      userId,
      gachaId: gachaId(c),
      drawCount: draw_count,
      now: new Date(),
    })
    return c.json(drawn satisfies DrawAnswer)
  })

  api.get('/gachas/:id{[0-9]+}/user/hist/goods', async (c) => {
    const userId = await requireUserId(c)
    const goods = await userGoods(c.var.db, userId, gachaId(c))
    return c.json({ goods } satisfies GoodsAnswer)
  })

  api.get('/user/free_gifts', async (c) => {
    const userId = await requireUserId(c)
    const gifts = await userFreeGifts(c.var.db, userId)
    return c.json({ free_gifts: gifts } satisfies FreeGiftsAnswer)
  })

  return api
}

/** SPEC §7 Ad reward: /api/ad_reward/…, with the watch itself (start, progress, completion). */
export function adRewardRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/gacha', async (c) =>
    c.json((await adRewardGachaPath(c.var.db, new Date())) satisfies AdRewardGachaAnswer),
  )

  api.get('/user', async (c) => {
    const userId = await requireUserId(c)
    const user = await adRewardUser(c.var.db, userId, new Date())
    return c.json(user satisfies AdRewardUserAnswer)
  })

  api.get('/can_watch', async (c) => {
    const userId = await requireUserId(c)
    const { gacha_id } = query(c, CanWatchQuery)
    const can = await canWatch(c.var.db, userId, gacha_id, new Date())
    return c.json(can satisfies CanWatchAnswer)
  })

  api.get('/watch', async (c) => {
    const userId = await requireUserId(c)
    const { watch_id } = query(c, WatchBody)
    return c.json((await getWatch(c.var.db, userId, watch_id)) satisfies AdWatchAnswer)
  })

  api.post('/watch', async (c) => {
    const userId = await requireUserId(c)
    const { gacha_id } = await input(c, StartWatchBody)
    const watch = await startWatch(c.var.db, userId, gacha_id, new Date())
    return c.json(watch satisfies AdWatchAnswer)
  })

  api.post('/watch/complete', async (c) => {
    const userId = await requireUserId(c)
    const { watch_id } = await input(c, WatchBody)
    const watch = await completeWatch(c.var.db, userId, watch_id, new Date())
    return c.json(watch satisfies AdWatchAnswer)
  })

  api.post('/gacha/reward', async (c) => {
    const userId = await requireUserId(c)
    const { watch_id } = await input(c, WatchBody)
    const drawn = await rewardWatch(c.var.db, userId, watch_id, new Date())
    return c.json(drawn satisfies DrawAnswer)
  })

  return api
}
