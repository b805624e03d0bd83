import * as v from 'valibot'
import { FileNumber } from './common.ts'

// The paths of a room's stream (/hls/…): what a player asks for. A path that does not fit, like
// a room off air, is a 404.

/** The room's URL key, which names its stream. */
const StreamKey = v.pipe(v.string(), v.regex(/^[\w-]+$/))

/** `/hls/{key}/abr.m3u8` and `/hls/{key}/live/index.m3u8`: a room's stream. */
export const StreamPath = v.object({ key: StreamKey })

/** `/hls/{key}/{rendition}/index.m3u8`: one rendition of the demo stream (`source`, `low`). */
export const RenditionPath = v.object({
  key: StreamKey,
  rendition: v.pipe(v.string(), v.regex(/^[a-z]+$/)),
})

/** `/hls/{key}/{rendition}/{n}.ts`: a segment of a rendition, by its number. */
export const SegmentPath = v.object({ ...RenditionPath.entries, file: FileNumber })

/**
 * `/hls/{key}/live/…`: an OBS live's Low-Latency HLS, from the media host: `abr.m3u8`, then per
 * rendition (`source`, `720p`, …) `ll.m3u8`, `index.m3u8`, `init-{n}.mp4`, `{msn}.m4s` and
 * `{msn}.{part}.m4s`. A file name alone, never a path.
 */
export const LiveMediaPath = v.object({
  key: StreamKey,
  file: v.pipe(
    v.string(),
    v.regex(
      /^(?:abr\.m3u8|index\.m3u8|\w{1,16}\/(?:ll\.m3u8|index\.m3u8|init-\d{1,12}\.mp4|\d{1,12}(?:\.\d{1,4})?\.m4s))$/,
    ),
  ),
})

/** `_HLS_msn` / `_HLS_part` of a blocking playlist request (RFC 8216bis 6.2.5.2), passed on. */
export const BlockingQuery = v.object({
  _HLS_msn: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/))),
  _HLS_part: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/))),
})

/**
 * The `Content-Type` of every HLS playlist Kirari serves. `application/x-mpegURL` is what
 * SHOWROOM's CDN sends and what streamlink's SHOWROOM plugin insists on (anything else is
 * "restricted" to it); every HLS player takes it as well as `application/vnd.apple.mpegurl`.
 */
export const PLAYLIST_CONTENT_TYPE = 'application/x-mpegURL'
