/** What a room's live is, for everyone (SPEC.md §7 Live): its info, playlists and telop. */
import type { LiveInfoAnswer, StreamingUrlAnswer, TelopAnswer } from '../../src/contract/live.ts'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { RENDITIONS } from '../media/demo-channel.ts'
import type { ReadCache } from '../read-cache.ts'
import { liveRenditions } from './media-renditions.ts'
import { openEnquete } from './enquetes.ts'
import { ageFlags, openLive, ownerPushKey } from './lives.ts'
import { backgroundUrl, currentBackgroundId } from './room-backgrounds.ts'
import { pushServer, roomImage, roomShare } from './room-pages.ts'
import { telopBody, viewerState } from './room-social.ts'

/** Who asks and from where: the push socket is on the site's own origin. */
export interface InfoViewer {
  userId: number | null
  origin: string
  abroad: boolean
  nowMs: number
}

/**
 * `GET /api/live/live_info`: the room, its live and open vote (the same for every visitor, so
 * shared in `cache` for a moment), with the caller's own age class, place and relation to it.
 */
export async function liveInfo(
  db: Db,
  cache: ReadCache,
  roomId: number,
  viewer: InfoViewer,
): Promise<LiveInfoAnswer> {
  const { room, live, enquete, background } = await cache.get(`live:${roomId}`, async () => {
    const room = await db
      .selectFrom('rooms')
      .select([
        'id',
        'room_url_key',
        'room_name',
        'main_name',
        'owner_user_id',
        'is_official',
        'genre_id',
      ])
      .where('id', '=', roomId)
      .executeTakeFirst()
    const live = room ? await openLive(db, { roomId: room.id }) : undefined
    const enquete = live ? await openEnquete(db, live.live_id) : undefined
    // The room's background (issue #21): the prize id, the address is the caller's origin's.
    const background = room ? await currentBackgroundId(db, room.id) : null
    return { room, live, enquete, background }
  })
  if (!room) throw new ApiError(404, messages.notFound)
  const { userId, origin } = viewer
  const [state, caller] = await Promise.all([
    viewerState(db, userId, room.id, live?.live_id ?? null),
    userId === null
      ? undefined
      : db
          .selectFrom('users')
          .select(['birthday', 'sms_auth'])
          .where('id', '=', userId)
          .executeTakeFirst(),
  ])
  const push = pushServer(origin)
  const age = ageFlags(caller?.birthday ?? null, viewer.nowMs)
  const isOwner = userId !== null && userId === room.owner_user_id
  return {
    is_under_16: age.isUnder16,
    is_under_18: age.isUnder18,
    is_abroad: viewer.abroad,
    enquete_gift_num: enquete?.option_count ?? 0,
    is_enquete: enquete !== undefined,
    live_id: live?.live_id ?? 0,
    is_enquete_result: false,
    room_id: room.id,
    room_url_key: room.room_url_key,
    room_name: room.room_name,
    image_s: roomImage(origin, room.id),
    is_official: room.is_official,
    genre_id: room.genre_id,
    youtube_id: '',
    nsta_owner: false,
    share: roomShare(origin, room),
    background_image_url: background === null ? null : backgroundUrl(origin, background),
    age_verification_status: 0,
    bcsvr_port: push.port,
    video_type: 0,
    live_type: 0,
    is_free_gift_only: false,
    premium_room_type: 0,
    bcsvr_host: push.host,
    bcsvr_key: live?.bcsvr_key ?? '',
    // SPEC §3's names of the same push server (the room lookup's).
    broadcast_host: push.host,
    broadcast_port: push.port,
    broadcast_key: live?.bcsvr_key ?? '',
    live_status: live ? 2 : 1,
    is_live: live !== undefined,
    started_at: live ? Math.floor(live.started_at.getTime() / 1000) : 0,
    // SPEC.md §3 live info fields that depend on the viewer.
    is_fav: state.isFollow,
    did_send_live_bad_report: state.didReport,
    is_owner: isOwner,
    // What post_live_comment refuses (comments.ts), but its rate limit.
    can_comment: live !== undefined && caller?.sms_auth === true && !state.isBlocked,
    live_user_key: isOwner && live ? ownerPushKey(live) : '',
    is_interrupted: live?.is_interrupted ?? false,
  }
}

/**
 * `GET /api/live/streaming_url` (fixtures/showroom-api/streaming_url.json): an `hls_all` entry
 * first, then each quality as the playlists it really has: `lhls` for a low-latency playlist
 * (OBS lives, from the media host), `hls` for a plain one; `{}` off air.
 */
export async function streamingUrls(
  db: Db,
  roomId: number,
  origin: string,
  media: { origin: string; logger: Logger },
): Promise<StreamingUrlAnswer> {
  const live = await openLive(db, { roomId })
  if (!live) return {}
  const room = await db
    .selectFrom('rooms')
    .select('room_url_key')
    .where('id', '=', roomId)
    .executeTakeFirstOrThrow()
  const base = `${origin}/hls/${room.room_url_key}`
  if (live.source === 'rtmp') {
    // OBS: the encoder's own stream and the ladder below it, each low-latency and plain.
    const renditions = await liveRenditions(media.origin, room.room_url_key, media.logger)
    let id = 1
    return {
      streaming_url_list: [
        { url: `${base}/live/abr.m3u8`, id: 100, type: 'hls_all', label: '自動' },
        ...renditions.flatMap((r, i) => [
          {
            url: `${base}/live/${r.name}/ll.m3u8`,
            id: id++,
            type: 'lhls' as const,
            label: r.label,
            quality: r.quality,
          },
          {
            url: `${base}/live/${r.name}/index.m3u8`,
            id: id++,
            type: 'hls' as const,
            label: r.label,
            quality: r.quality,
            ...(i === 0 ? { is_default: true } : {}),
          },
        ]),
      ],
    }
  }
  // The demo channels' playlists are plain live HLS (MPEG-TS): no low-latency entry.
  return {
    streaming_url_list: [
      { url: `${base}/abr.m3u8`, id: 100, type: 'hls_all', label: '自動' },
      ...RENDITIONS.map((r, i) => ({
        url: `${base}/${r.name}/index.m3u8`,
        id: i + 1,
        type: 'hls' as const,
        label: r.label,
        quality: r.quality,
        ...(i === 0 ? { is_default: true } : {}),
      })),
    ],
  }
}

/** `GET /api/live/telop`: the telop of a room's open live (404 for an unknown room), or by live. */
export async function telopOf(
  db: Db,
  where: { roomId: number } | { liveId: number },
): Promise<TelopAnswer> {
  if ('roomId' in where) {
    const room = await db
      .selectFrom('rooms')
      .select('id')
      .where('id', '=', where.roomId)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
  }
  const live = await openLive(db, where)
  return telopBody(live?.telop ?? '')
}
