import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../app.ts'
import { countOnlives, listOnlives } from '../services/onlives.ts'
import { flag01, idString, query } from '../validate.ts'

const onlivesQuery = v.object({
  is_pickup: flag01,
  skip_serial_code_live: flag01,
  room_id: v.optional(idString),
  lang: v.optional(v.picklist(['ja', 'en', 'zh-tw', 'th'])),
})

/** Live area of SPEC.md §7 (the parts the home page needs). */
export function liveRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/onlive_num', async (c) => c.json({ num: await countOnlives(c.var.db) }))

  api.get('/onlives', async (c) => {
    const q = query(c, onlivesQuery)
    const onlives = await listOnlives(c.var.db, {
      pickup: q.is_pickup === '1',
      origin: new URL(c.req.url).origin,
      locale: q.lang === undefined || q.lang === 'ja' ? 'ja' : 'en',
    })
    return c.json({ onlives })
  })

  return api
}
