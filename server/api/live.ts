import { Hono } from 'hono'
import * as v from 'valibot'
import {
  PostCommentBody,
  TelopQuery,
  type CommentLogAnswer,
  type PostCommentAnswer,
  type TelopAnswer,
} from '../../src/contract/live.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import { commentLog, postViewerComment } from '../services/comments.ts'
import { ageFlags, isAbroad, openLive } from '../services/lives.ts'
import { openEnquete } from '../services/enquetes.ts'
import { countOnlives, listOnlives } from '../services/onlives.ts'
import { RENDITIONS } from '../media/demo-channel.ts'
import { telopBody, viewerState } from '../services/room-social.ts'
import { flag01, idString, input, query } from '../validate.ts'

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
    const options = {
      pickup: q.is_pickup === '1',
      origin: publicOrigin(c),
      locale: q.lang === undefined || q.lang === 'ja' ? ('ja' as const) : ('en' as const),
    }
    // Kept serialized: the list is the same for everyone and the largest read of the site.
    const body = await c.var.cache.get(`onlives:${JSON.stringify(options)}`, async () =>
      JSON.stringify({ onlives: await listOnlives(c.var.db, options) }),
    )
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
  })

  api.get('/live_info', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    // The room, its live and open vote are the same for every visitor: shared for a moment.
    const { room, live, enquete } = await c.var.cache.get(`live:${room_id}`, async () => {
      const room = await c.var.db
        .selectFrom('rooms')
        .select(['id', 'room_name', 'owner_user_id'])
        .where('id', '=', room_id)
        .executeTakeFirst()
      const live = room ? await openLive(c.var.db, { roomId: room.id }) : undefined
      const enquete = live ? await openEnquete(c.var.db, live.live_id) : undefined
      return { room, live, enquete }
    })
    if (!room) throw new ApiError(404, messages.notFound)
    const userId = await sessionUserId(c)
    const viewer = await viewerState(c.var.db, userId, room.id, live?.live_id ?? null)
    const url = new URL(publicOrigin(c))
    // Our own push socket, on the site's own origin.
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
    // SPEC §3 live info: the caller's own age class and whether they are abroad.
    const birthday =
      userId === null
        ? null
        : ((
            await c.var.db
              .selectFrom('users')
              .select('birthday')
              .where('id', '=', userId)
              .executeTakeFirst()
          )?.birthday ?? null)
    const age = ageFlags(birthday, Date.now())
    return c.json({
      is_under_16: age.isUnder16,
      is_under_18: age.isUnder18,
      is_abroad: isAbroad(c),
      enquete_gift_num: enquete?.option_count ?? 0,
      is_enquete: enquete !== undefined,
      live_id: live?.live_id ?? 0,
      is_enquete_result: false,
      room_name: room.room_name,
      background_image_url: null,
      age_verification_status: 0,
      bcsvr_port: port,
      video_type: 0,
      live_type: 0,
      is_free_gift_only: false,
      premium_room_type: 0,
      bcsvr_host: url.hostname,
      bcsvr_key: live?.bcsvr_key ?? '',
      room_id: room.id,
      live_status: live ? 2 : 1,
      // SPEC.md §3 live info fields that depend on the viewer.
      is_fav: viewer.isFollow,
      did_send_live_bad_report: viewer.didReport,
      is_owner: userId !== null && userId === room.owner_user_id,
    })
  })

  // fixtures/showroom-api/streaming_url.json: an `hls_all` entry; `{}` when off air.
  api.get('/streaming_url', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    if (!live) return c.json({})
    const room = await c.var.db
      .selectFrom('rooms')
      .select('room_url_key')
      .where('id', '=', room_id)
      .executeTakeFirstOrThrow()
    const base = `${publicOrigin(c)}/hls/${room.room_url_key}`
    if (live.source === 'rtmp') {
      // OBS through nginx-rtmp: one rendition, the encoder's own.
      const url = `${base}/live/index.m3u8`
      return c.json({
        streaming_url_list: [
          { url, id: 100, type: 'hls_all', label: '自動' },
          { url, id: 1, type: 'lhls', label: 'オリジナル画質', quality: 1000 },
          { url, id: 2, type: 'hls', label: 'オリジナル画質', quality: 1000, is_default: true },
        ],
      })
    }
    // As the fixture: the automatic (ABR) entry first, then each quality as hls and lhls. Our
    // playlists are plain live HLS, which low-latency clients play as well.
    let id = 1
    const qualities = RENDITIONS.flatMap((r, i) =>
      (['lhls', 'hls'] as const).map((type) => ({
        url: `${base}/${r.name}/index.m3u8`,
        id: id++,
        type,
        label: r.label,
        quality: r.quality,
        ...(i === 0 && type === 'hls' ? { is_default: true } : {}),
      })),
    )
    return c.json({
      streaming_url_list: [
        { url: `${base}/abr.m3u8`, id: 100, type: 'hls_all', label: '自動' },
        ...qualities,
      ],
    })
  })

  api.get('/comment_log', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    return c.json({
      comment_log: live ? await commentLog(c.var.db, live.live_id) : [],
    } satisfies CommentLogAnswer)
  })

  // The telop of a room's open live (by room_id, or by live_id as the t:8 frame's `api` gives it).
  api.get('/telop', async (c) => {
    const q = query(c, TelopQuery)
    if ('room_id' in q) {
      const room = await c.var.db
        .selectFrom('rooms')
        .select('id')
        .where('id', '=', q.room_id)
        .executeTakeFirst()
      if (!room) throw new ApiError(404, messages.notFound)
    }
    const live = await openLive(
      c.var.db,
      'room_id' in q ? { roomId: q.room_id } : { liveId: q.live_id },
    )
    return c.json(telopBody(live?.telop ?? '') satisfies TelopAnswer)
  })

  // SPEC.md §7: live_id, comment (+ recommend_comment_id, comment_type, is_delay). Stored, then pushed.
  api.post('/post_live_comment', async (c) => {
    const body = await input(c, PostCommentBody)
    const userId = await requireUserId(c)
    const posted = await postViewerComment(c.var.db, c.var.hub, {
      userId,
      liveId: body.live_id,
      text: body.comment,
      recommendId: Number(body.recommend_comment_id ?? 0) || 0,
    })
    return c.json({
      comment: posted.comment,
      ua: 0,
      aft: 0,
      mission: { has_achievement: false },
    } satisfies PostCommentAnswer)
  })

  return api
}
