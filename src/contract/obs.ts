import * as v from 'valibot'
import { Id } from './common.ts'

/** `GET /api/obs/obs_key` and `/api/encoder/stream_url` (query), `POST /api/obs/obs_key` (form). */
export const ObsRoomBody = v.object({ room_id: Id })
export type ObsRoomBody = v.InferInput<typeof ObsRoomBody>

/** The room's stream key (a POST makes a new one; the old stops at once) and the RTMP URL. */
export interface ObsKeyAnswer {
  obs_key: string
  stream_url: string
  /** The WHIP endpoint (src/contract/whip.ts): the same key is its Bearer token. */
  whip_url: string
}

export interface StreamUrlAnswer {
  stream_url: string
  stream_key: string
  whip_url: string
}

export interface OriginEndpointAnswer {
  origin_endpoint: string
}

/**
 * The header in which the media host sends RTMP_CALLBACK_SECRET to the site: never in a URL,
 * which proxies, access logs and error reports keep.
 */
export const MEDIA_SECRET_HEADER = 'X-Kirari-Media-Secret'

/** Stream names the media host asks about in one `on_check` (it asks in batches of this). */
export const RTMP_CHECK_MAX_NAMES = 500

/**
 * The media host's `on_check` (JSON), about once a second: the stream names it holds. The site
 * answers with those whose live is over or whose key is no longer the room's (`drop`).
 */
export const RtmpCheckBody = v.object({
  names: v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(RTMP_CHECK_MAX_NAMES)),
})

/** nginx-rtmp's `on_publish` / `on_publish_done` (form): the stream `name` is the stream key. */
export const RtmpCallbackBody = v.object({ name: v.fallback(v.string(), '') })

/** `on_publish`'s 200: the room the encoder feeds (the media host names the playlists by it). */
export interface RtmpPublishAnswer {
  room_url_key: string
}

/**
 * The media host's `on_stall` (form or JSON): the encoder of stream `name` is connected but its
 * video stopped arriving (`stalled` '1') or arrives again ('0').
 */
export const RtmpStallBody = v.object({
  name: v.fallback(v.string(), ''),
  stalled: v.pipe(
    v.union([v.picklist(['0', '1']), v.picklist([0, 1]), v.boolean()]),
    v.transform((s) => s === true || s === 1 || s === '1'),
  ),
})
