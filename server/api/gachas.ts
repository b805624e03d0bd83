import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody, requireUserId } from '../request.ts'
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
import { bodyId, idString, query, text } from '../validate.ts'

const gachaId = (c: { req: { param(name: 'id'): string } }) => {
  const parsed = v.safeParse(idString, c.req.param('id'))
  if (!parsed.success) throw new ApiError(404, messages.notFound)
  return parsed.output
}

/** A watch id as startWatch makes them (base64url). */
function watchId(value: string): string {
  if (!/^[A-Za-z0-9_-]{8,32}$/.test(value)) {
    throw new ApiError(400, `${messages.invalidParameter} (watch_id)`)
  }
  return value
}

/** SPEC §7 Gacha: /api/gachas… and /api/user/free_gifts. */
export function gachaRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/gachas', async (c) => c.json({ gachas: await listGachas(c.var.db, new Date()) }))

  api.get('/gachas/user/hist', async (c) => {
    const userId = await requireUserId(c)
    const { page } = query(c, v.object({ page: v.optional(idString, '1') }))
    return c.json(await drawHistory(c.var.db, userId, page))
  })

  api.get('/gachas/:id{[0-9]+}', async (c) =>
    c.json(await gachaInfo(c.var.db, gachaId(c), new Date())),
  )

  api.get('/gachas/:id{[0-9]+}/user', async (c) => {
    const userId = await requireUserId(c)
    return c.json(await userDrawCount(c.var.db, userId, gachaId(c), new Date()))
  })

  api.get('/gachas/:id{[0-9]+}/draw/showgold', async (c) => {
    const userId = await requireUserId(c)
    return c.json(await showGold(c.var.db, userId, gachaId(c), new Date()))
  })

  api.post('/gachas/:id{[0-9]+}/draw', async (c) => {
    const userId = await requireUserId(c)
    const body = await readBody(c)
    const count = text(body, 'draw_count', { max: 2 })
    if (count !== '1' && count !== '10') {
      throw new ApiError(400, `${messages.invalidParameter} (draw_count)`)
    }
    const drawn = await drawGacha(c.var.db, {
      userId,
      gachaId: gachaId(c),
      drawCount: Number(count),
      now: new Date(),
    })
    return c.json(drawn)
  })

  api.get('/gachas/:id{[0-9]+}/user/hist/goods', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ goods: await userGoods(c.var.db, userId, gachaId(c)) })
  })

  api.get('/user/free_gifts', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ free_gifts: await userFreeGifts(c.var.db, userId) })
  })

  return api
}

/** SPEC §7 Ad reward: /api/ad_reward/…, with the watch itself (start, progress, completion). */
export function adRewardRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/gacha', async (c) => c.json(await adRewardGachaPath(c.var.db, new Date())))

  api.get('/user', async (c) => {
    const userId = await requireUserId(c)
    return c.json(await adRewardUser(c.var.db, userId, new Date()))
  })

  api.get('/can_watch', async (c) => {
    const userId = await requireUserId(c)
    const { gacha_id } = query(c, v.object({ gacha_id: idString }))
    return c.json(await canWatch(c.var.db, userId, gacha_id, new Date()))
  })

  api.get('/watch', async (c) => {
    const userId = await requireUserId(c)
    const { watch_id } = query(c, v.object({ watch_id: v.string() }))
    return c.json(await getWatch(c.var.db, userId, watchId(watch_id)))
  })

  api.post('/watch', async (c) => {
    const userId = await requireUserId(c)
    const id = bodyId(await readBody(c), 'gacha_id')
    return c.json(await startWatch(c.var.db, userId, id, new Date()))
  })

  api.post('/watch/complete', async (c) => {
    const userId = await requireUserId(c)
    const id = watchId(text(await readBody(c), 'watch_id', { max: 32 }))
    return c.json(await completeWatch(c.var.db, userId, id, new Date()))
  })

  api.post('/gacha/reward', async (c) => {
    const userId = await requireUserId(c)
    const id = watchId(text(await readBody(c), 'watch_id', { max: 32 }))
    return c.json(await rewardWatch(c.var.db, userId, id, new Date()))
  })

  return api
}
