import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../app.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody } from '../request.ts'
import { authMessages } from '../services/accounts.ts'
import { COMMENT_MAX_LENGTH, commentLog, openLive, storeComment } from '../services/comments.ts'
import { countOnlives, listOnlives } from '../services/onlives.ts'
import { RENDITIONS } from '../media/demo-channel.ts'
import { allowAttempt } from '../services/rate-limit.ts'
import { findSession } from '../services/sessions.ts'
import { flag01, idString, query, text } from '../validate.ts'

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

  api.get('/live_info', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const room = await c.var.db
      .selectFrom('rooms')
      .select(['id', 'room_name'])
      .where('id', '=', room_id)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    const live = await openLive(c.var.db, { roomId: room.id })
    const url = new URL(c.req.url)
    // Our own push socket, on the port the client came in on.
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
    return c.json({
      enquete_gift_num: 0,
      is_enquete: false,
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
    const base = `${new URL(c.req.url).origin}/hls/${room.room_url_key}`
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
    return c.json({ comment_log: live ? await commentLog(c.var.db, live.live_id) : [] })
  })

  // SPEC.md §7: live_id, comment (+ recommend_comment_id, comment_type, is_delay). Stored, then pushed.
  api.post('/post_live_comment', async (c) => {
    const body = await readBody(c)
    const liveIdText = text(body, 'live_id', { max: 12 })
    const comment = text(body, 'comment', { max: 400 }).trim()
    if (!/^[1-9]\d*$/.test(liveIdText))
      throw new ApiError(400, `${messages.invalidParameter} (live_id)`)
    if (comment === '') throw new ApiError(400, 'コメントを入力してください')
    if (Array.from(comment).length > COMMENT_MAX_LENGTH) {
      throw new ApiError(400, `コメントは${COMMENT_MAX_LENGTH}文字以内で入力してください`)
    }
    const session = c.var.session ?? (await findSession(c.var.db, c))
    if (session?.userId == null) throw new ApiError(401, authMessages.loginRequired)
    const user = await c.var.db
      .selectFrom('users')
      .select(['id', 'name', 'avatar_id', 'sms_auth'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow()
    if (!user.sms_auth) {
      throw new ApiError(403, 'コメントするにはSMS認証が必要です', {
        errorType: 'SMS_NOT_AUTHENTICATED',
      })
    }
    const live = await openLive(c.var.db, { liveId: Number(liveIdText) })
    if (!live) throw new ApiError(404, '配信は終了しました')
    if (
      !(await allowAttempt(c.var.db, [`comment:user:${user.id}`], { max: 5, windowMs: 10_000 }))
    ) {
      throw new ApiError(429, 'コメントの投稿が早すぎます。少し待ってから投稿してください。', {
        errorType: 'RATE_LIMITED',
      })
    }
    const stored = await storeComment(c.var.db, live.live_id, user.id, comment)
    const createdAt = Math.floor(stored.created_at.getTime() / 1000)
    // The push frame of fixtures/showroom-api/broadcast_ws_messages.json (t "1").
    c.var.hub.publish(live.bcsvr_key, {
      ua: 0,
      av: user.avatar_id,
      d: 0,
      ac: user.name,
      cm: comment,
      created_at: createdAt,
      u: user.id,
      at: 0,
      t: '1',
    })
    return c.json({ comment, ua: 0, aft: 0, mission: { has_achievement: false } })
  })

  return api
}
