import * as v from 'valibot'
import { Id } from './common.ts'

/*
 * What the media host (`npm run media`) receives from a liver's encoder, as it answers
 * `${MEDIA_ORIGIN}/lives/{room_url_key}/status.json` (404: no live for that room), and the
 * Kirari extension that shows it to the room's owner (issue #38). The server parses the media
 * host's answer with these schemas and sends on only what they keep: the host is another
 * process, and its answer is never passed through as it came.
 */

/** A measure that cannot be negative: kbps, frames per second, seconds (bounded, finite). */
const Measure = (max: number) => v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(max))
/** A picture's side in pixels (0 while unknown). */
const Pixels = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(16_384))
/** An RFC 6381 codec string (`avc1.64001f`, `mp4a.40.2`), or `unknown`. */
const Codec = v.pipe(v.string(), v.regex(/^[\w.+-]{1,64}$/))

/** The video the encoder sends: its picture, rate, bitrate and keyframe spacing. */
export const IngestVideo = v.object({
  codec: Codec,
  width: Pixels,
  height: Pixels,
  frame_rate: Measure(1000),
  kbps: Measure(1_000_000),
  /** Seconds between keyframes, averaged; 0 while unknown (or when they come irregularly). */
  keyframe_interval: Measure(3600),
})
export type IngestVideo = v.InferOutput<typeof IngestVideo>

export const IngestAudio = v.object({ codec: Codec, kbps: Measure(100_000) })
export type IngestAudio = v.InferOutput<typeof IngestAudio>

/** One rung of the ladder the media host delivers to viewers (`source`, `360p`, …). */
export const IngestRendition = v.object({
  name: v.pipe(v.string(), v.regex(/^\w{1,16}$/)),
  width: Pixels,
  height: Pixels,
  running: v.boolean(),
})
export type IngestRendition = v.InferOutput<typeof IngestRendition>

/** `status.json` of the media host for one live. */
export const IngestStatus = v.object({
  /** False once the encoder disconnected (the host keeps the live a while for a reconnect). */
  receiving: v.boolean(),
  /** The encoder is connected but has sent nothing for a few seconds. */
  stalled: v.boolean(),
  /** When the encoder connected (epoch ms). */
  since: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Null before the first data. */
  video: v.nullable(IngestVideo),
  audio: v.nullable(IngestAudio),
  renditions: v.pipe(v.array(IngestRendition), v.maxLength(16)),
})
export type IngestStatus = v.InferOutput<typeof IngestStatus>

/** `GET /api/live/ingest_status` (owner only): the room. */
export const IngestStatusQuery = v.object({ room_id: Id })
export type IngestStatusQuery = v.InferInput<typeof IngestStatusQuery>

/**
 * `GET /api/live/ingest_status`: whether the room is on air, and what the media host receives
 * for it — null off air, for a live not from OBS, or when the host has no live for the room.
 */
export interface IngestStatusAnswer {
  on_air: boolean
  ingest: IngestStatus | null
}
