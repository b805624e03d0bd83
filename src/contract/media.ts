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
 * `/hls/{key}/live/{name}.ts`: a segment nginx-rtmp wrote for an OBS live, by its file name (a
 * name alone, never a path).
 */
export const RtmpSegmentPath = v.object({
  key: StreamKey,
  file: v.pipe(v.string(), v.regex(/^[\w-]{1,40}\.ts$/)),
})
