import type { Live } from './live.ts'
import { SOURCE_RUNG, widthFor, type Rung } from './ladder.ts'
import type { Variant } from './playlist.ts'
import type { Rendition } from './rendition.ts'

// What a live's master playlist lists: its source and the rungs below, each with its size,
// bandwidth and codecs; a simulcast layer only while the browser sends it.

/** A rung's size (its own picture's, once it has one) and whether it is being made now. */
export function rungShape(live: Live, r: Rung, now: number) {
  const rendition = live.rungs.get(r.name)
  const own = rendition?.videoTrack
  const video = live.source.videoTrack
  const scaled = video?.width && video.height ? widthFor(r.height, video.width, video.height) : 0
  return {
    width: own?.width || scaled,
    height: own?.height || r.height,
    running: live.simulcast ? now - (rendition?.lastDataAt ?? 0) < 5000 : live.ladderRunning,
    bandwidth: rendition?.peakBandwidth() ?? 0,
    codec: own?.codec,
  }
}

/**
 * The variants of `live`'s master playlist at `now`, best first, each asking less bandwidth
 * than the one above (a player picks by it: a small picture that measured dearer than a large
 * one would be chosen over it, or never).
 */
export function variantsOf(live: Live, now: number): Variant[] {
  const variants = listed(live, now)
  for (let i = 1; i < variants.length; i++) {
    const above = variants[i - 1]
    const variant = variants[i]
    if (above && variant && variant.bandwidth >= above.bandwidth) {
      variants[i] = { ...variant, bandwidth: Math.max(1, above.bandwidth - 1000) }
    }
  }
  return variants
}

function listed(live: Live, now: number): Variant[] {
  // A simulcast layer is listed while it comes: a browser sends fewer when its network narrows
  // (its top layer first), and a player must not start on one that is off.
  const coming = (r: Rendition) => !live.simulcast || now - r.lastDataAt < 5000
  const lead = [live.source, ...live.layerRenditions].find(coming) ?? live.source
  const video = live.source.videoTrack
  const audio = lead.tracks.find((t) => t.kind === 'audio')
  const rates = lead.meter.rates(now)
  const withAudio = (codec: string) => [codec, audio?.codec].filter(Boolean).join(',')
  return [
    ...(coming(live.source)
      ? [
          {
            uri: `${SOURCE_RUNG.name}/ll.m3u8`,
            bandwidth: Math.max(live.source.peakBandwidth(), rates.kbps * 1200, 300_000),
            width: video?.width ?? 0,
            height: video?.height ?? 0,
            codecs: withAudio(video?.codec ?? 'avc1.640028'),
            frameRate: rates.fps,
          },
        ]
      : []),
    ...live.ladderRungs
      .filter((r) => {
        const rendition = live.rungs.get(r.name)
        return rendition !== undefined && coming(rendition)
      })
      .map((r) => {
        const shape = rungShape(live, r, now)
        // A transcoded rung's bitrate is the encoder's setting; a simulcast layer's is what the
        // browser sends, measured as the source's is.
        const own = live.rungs.get(r.name)?.meter.rates(now).kbps ?? 0
        const nominal = live.simulcast
          ? Math.max(own * 1200, 100_000)
          : Math.round((r.videoKbps + rates.audioKbps) * 1000 * 1.1)
        return {
          uri: `${r.name}/ll.m3u8`,
          bandwidth: Math.max(shape.bandwidth, nominal),
          width: shape.width,
          height: shape.height,
          codecs: withAudio(shape.codec ?? 'avc1.4d401f'),
          frameRate: rates.fps,
        }
      }),
  ]
}
