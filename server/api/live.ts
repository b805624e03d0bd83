import { Hono } from 'hono'
import {
  OnlivesQuery,
  PostCommentBody,
  RoomQuery,
  TelopQuery,
  type CommentLogAnswer,
  type LiveInfoAnswer,
  type OnliveNumAnswer,
  type OnlivesAnswer,
  type PostCommentAnswer,
  type StreamingUrlAnswer,
  type TelopAnswer,
} from '../../src/contract/live.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import { roomCommentLog, postViewerComment } from '../services/comments.ts'
import { liveInfo, streamingUrls, telopOf } from '../services/live-info.ts'
import { isAbroad } from '../services/lives.ts'
import { countOnlives, listOnlives } from '../services/onlives.ts'
import { normalTag } from '../../src/domain/live-tags.ts'
import { input, query } from '../validate.ts'

/** Live area of SPEC.md §7 (the parts the home page needs). */
export function liveRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/onlive_num', async (c) =>
    c.json({ num: await countOnlives(c.var.db) } satisfies OnliveNumAnswer),
  )

  api.get('/onlives', async (c) => {
    const q = query(c, OnlivesQuery)
    const options = {
      pickup: q.is_pickup === '1',
      origin: publicOrigin(c),
      locale: q.lang === undefined || q.lang === 'ja' ? ('ja' as const) : ('en' as const),
      ...(q.tag !== undefined && { tag: normalTag(q.tag) }),
    }
    // Kept serialized: the list is the same for everyone and the largest read of the site.
    const body = await c.var.cache.get(`onlives:${JSON.stringify(options)}`, async () =>
      JSON.stringify({ onlives: await listOnlives(c.var.db, options) } satisfies OnlivesAnswer),
    )
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  api.get('/live_info', async (c) => {
    const { room_id } = query(c, RoomQuery)
    const info = await liveInfo(c.var.db, c.var.cache, room_id, {
      userId: await sessionUserId(c),
      origin: publicOrigin(c),
      abroad: isAbroad(c),
      nowMs: Date.now(),
    })
    return c.json(info satisfies LiveInfoAnswer)
  })

  // fixtures/showroom-api/streaming_url.json: an `hls_all` entry; `{}` when off air.
  api.get('/streaming_url', async (c) => {
    const { room_id } = query(c, RoomQuery)
    const urls = await streamingUrls(c.var.db, room_id, publicOrigin(c), {
      origin: c.var.config.mediaOrigin,
      logger: c.var.logger,
    })
    return c.json(urls satisfies StreamingUrlAnswer)
  })

  api.get('/comment_log', async (c) => {
    const { room_id } = query(c, RoomQuery)
    return c.json((await roomCommentLog(c.var.db, room_id)) satisfies CommentLogAnswer)
  })

  // The telop of a room's open live (by room_id, or by live_id as the t:8 frame's `api` gives it).
  api.get('/telop', async (c) => {
    const q = query(c, TelopQuery)
    const telop = await telopOf(
      c.var.db,
      'room_id' in q ? { roomId: q.room_id } : { liveId: q.live_id },
    )
    return c.json(telop satisfies TelopAnswer)
  })

  // SPEC.md §7: live_id, comment (+ recommend_comment_id, comment_type, is_delay). Stored, then pushed.
  api.post('/post_live_comment', async (c) => {
    const body = await input(c, PostCommentBody)
    const userId = await requireUserId(c)
    const posted = await postViewerComment(c.var.db, c.var.hub, {
      userId,
      liveId: body.live_id,
      text: body.comment,
      recommendId: body.recommend_comment_id,
    })
    return c.json({
      comment: posted.comment,
      ua: posted.ua,
      aft: 0,
      mission: { has_achievement: posted.achieved },
    } satisfies PostCommentAnswer)
  })

  return api
}
