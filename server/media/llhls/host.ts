import { Hono, type Context } from 'hono'
import type { Live } from './live.ts'
import { publishCallbacks, type MediaHostOptions } from './callbacks.ts'
import { SOURCE_RUNG } from './ladder.ts'
import { lowLatencyPlaylist, masterPlaylist, plainPlaylist } from './playlist.ts'
import { rungShape, variantsOf } from './variants.ts'
import type { Rendition } from './rendition.ts'
import { whipRoutes, type Whip } from '../whip/routes.ts'
import { PLAYLIST_CONTENT_TYPE } from '../../../src/contract/media.ts'

/**
 * The media host's HTTP side (`npm run media`): each live's Low-Latency HLS under
 * `/lives/{room_url_key}/…`, which web processes proxy to viewers at `/hls/{room_url_key}/live/…`;
 * the WHIP endpoint browsers publish to (`/whip`, passed on by the site: ../whip/routes.ts);
 * and, apart (`callbacks`, for nginx only, on loopback), nginx-rtmp's publish callbacks, checked
 * with the site, which owns the stream keys.
 */

/** A live's first playlist waits this long for its first segment (the encoder just connected). */
const FIRST_SEGMENT_WAIT_MS = 10_000
/** A blocking playlist request waits at most three target durations (RFC 8216bis 6.2.5.2). */
const BLOCK_MS = 6_000
/** A part named in a preload hint is held until it is made. */
const PART_WAIT_MS = 4_000

/** Parts, segments and inits never change: a CDN may hold them. Their names are unique per live. */
const IMMUTABLE = 'public, max-age=600, immutable'

export type { MediaHostOptions }

export interface MediaHost {
  /** The lives' HLS, for the web processes. */
  app: Hono
  /** nginx-rtmp's callbacks: to be served where nginx alone reaches them (media-host.ts). */
  callbacks: Hono
  lives: Map<string, Live>
  /** Browsers' publishers (WHIP). */
  whip: Whip
  /** Ends every live (the host is stopping). */
  close(): void
}

export function createMediaHost(o: MediaHostOptions): MediaHost {
  const app = new Hono()
  // Players on any origin may read a live (as from a CDN).
  app.use('/lives/*', async (c, next) => {
    await next()
    c.header('Access-Control-Allow-Origin', '*')
  })

  // Made after the lives it feeds, which drop its sessions: reached through this.
  const browsers: { whip?: Whip } = {}
  const lives = publishCallbacks({
    ...o,
    // The site says a live is over: its publisher goes, a browser's (WHIP) or an encoder's.
    dropPublisher: async (name) => {
      browsers.whip?.drop(name)
      await o.dropPublisher(name)
    },
  })
  const whip = whipRoutes({
    lives,
    siteUrl: o.siteUrl,
    secret: o.secret,
    peer: o.peer ?? { iceServers: [], publicAddresses: [] },
    log: (message) => o.log(message),
  })
  browsers.whip = whip
  app.route('/', whip.app)
  const byKey = lives.byKey

  const liveOf = (c: Context) => byKey.get(c.req.param('key') ?? '')
  const renditionOf = (live: Live, name: string): Rendition | undefined =>
    name === SOURCE_RUNG.name ? live.source : live.rungs.get(name)

  /** A rendition just started: its first part (low-latency) or whole segment (plain). */
  const waitFirst = (r: Rendition, signal: AbortSignal, complete = false) =>
    r.waitFor(
      () => r.segments.some((s) => !s.gap && (!complete || s.complete)),
      FIRST_SEGMENT_WAIT_MS,
      signal,
    )

  app.get('/lives/:key{[\\w-]+}/status.json', (c) => {
    const live = liveOf(c)
    if (!live) return c.json({ error: 'no such live' }, 404)
    c.header('Cache-Control', 'no-store')
    const now = Date.now()
    const video = live.source.videoTrack
    const audio = live.source.tracks.find((t) => t.kind === 'audio')
    const rates = live.source.meter.rates(now)
    const receiving = live.publishing && now - live.source.lastDataAt < 5000
    return c.json({
      receiving,
      stalled: live.stalled,
      since: live.since,
      video:
        video && video.width && video.height
          ? {
              codec: video.codec ?? 'unknown',
              width: video.width,
              height: video.height,
              frame_rate: rates.fps,
              kbps: rates.videoKbps,
              keyframe_interval: live.source.keyframeInterval() ?? 0,
            }
          : null,
      audio: audio ? { codec: audio.codec ?? 'unknown', kbps: rates.audioKbps } : null,
      renditions: [
        {
          name: SOURCE_RUNG.name,
          width: video?.width ?? 0,
          height: video?.height ?? 0,
          running: receiving,
        },
        ...live.ladderRungs.map((r) => {
          const { width, height, running } = rungShape(live, r, now)
          return { name: r.name, width, height, running: receiving && running }
        }),
      ],
    })
  })

  /** Any of `renditions` has its first part (false after the wait, or when the viewer left). */
  const waitAny = async (renditions: Rendition[], signal: AbortSignal) => {
    const done = new AbortController()
    const stop = () => done.abort()
    signal.addEventListener('abort', stop)
    const waits = renditions.map((r) =>
      waitFirst(r, done.signal).then((ok) => ok || Promise.reject(new Error('not yet'))),
    )
    const ok = await Promise.any(waits).catch(() => false)
    stop()
    signal.removeEventListener('abort', stop)
    return ok
  }

  app.get('/lives/:key{[\\w-]+}/abr.m3u8', async (c) => {
    const live = liveOf(c)
    if (!live) return c.text('not found', 404)
    if (!(await waitAny([live.source, ...live.layerRenditions], c.req.raw.signal))) {
      return c.text('not found', 404)
    }
    const variants = variantsOf(live, Date.now())
    c.header('Content-Type', PLAYLIST_CONTENT_TYPE)
    c.header('Cache-Control', 'no-cache')
    return c.body(masterPlaylist(variants))
  })

  const playlist = async (c: Context, kind: 'll' | 'plain', name: string) => {
    const live = liveOf(c)
    const r = live && renditionOf(live, name)
    if (!live || !r) return c.text('not found', 404)
    const msnParam = c.req.query('_HLS_msn')
    const partParam = c.req.query('_HLS_part')
    c.header('Content-Type', PLAYLIST_CONTENT_TYPE)
    if (kind === 'll' && msnParam !== undefined) {
      const msn = Number(msnParam)
      const part = partParam === undefined ? undefined : Number(partParam)
      if (
        !Number.isInteger(msn) ||
        msn < 0 ||
        (part !== undefined && (!Number.isInteger(part) || part < 0))
      ) {
        return c.text('bad _HLS_msn or _HLS_part', 400)
      }
      // More than two segments ahead of the newest: the client is confused (RFC 8216bis 6.2.5.2).
      const edge = r.edge()
      if (edge && msn > edge.msn + 2) return c.text('_HLS_msn is too far ahead', 400)
      const ready = await r.waitFor(
        () => live.ended || r.has(msn, part),
        BLOCK_MS,
        c.req.raw.signal,
      )
      if (!ready && live.publishing && !live.stalled) {
        // Data flows but this part never came: something is wrong here, say so.
        c.header('Cache-Control', 'no-store')
        return c.text('not yet', 503)
      }
      // The encoder is away (reconnecting, stalled): the playlist as it stands, so players
      // keep asking without counting errors, and resume when the parts come back.
      c.header('Cache-Control', ready ? 'public, max-age=6' : 'no-cache')
    } else {
      if (!(await waitFirst(r, c.req.raw.signal, kind === 'plain'))) {
        return c.text('not found', 404)
      }
      c.header('Cache-Control', 'no-cache')
    }
    const reports = [
      ...(name === SOURCE_RUNG.name
        ? []
        : [{ uri: `../${SOURCE_RUNG.name}/ll.m3u8`, rendition: live.source }]),
      ...[...live.rungs.entries()]
        .filter(([other]) => other !== name && live.ladderRungs.some((x) => x.name === other))
        .map(([other, rendition]) => ({ uri: `../${other}/ll.m3u8`, rendition })),
    ]
    const text = kind === 'll' ? lowLatencyPlaylist(r, reports) : plainPlaylist(r)
    if (text === null) return c.text('not found', 404)
    return c.body(text)
  }

  app.get('/lives/:key{[\\w-]+}/:rendition{[\\w]+}/ll.m3u8', (c) =>
    playlist(c, 'll', c.req.param('rendition')),
  )
  app.get('/lives/:key{[\\w-]+}/:rendition{[\\w]+}/index.m3u8', (c) =>
    playlist(c, 'plain', c.req.param('rendition')),
  )
  // The single playlist OBS lives had before the ladder: the source, plain.
  app.get('/lives/:key{[\\w-]+}/index.m3u8', (c) => playlist(c, 'plain', SOURCE_RUNG.name))

  const media = (c: Context, data: Buffer, type: string) => {
    c.header('Content-Type', type)
    c.header('Cache-Control', IMMUTABLE)
    return c.body(new Uint8Array(data))
  }

  app.get('/lives/:key{[\\w-]+}/:rendition{[\\w]+}/:file{init-\\d+\\.mp4}', (c) => {
    const live = liveOf(c)
    const r = live && renditionOf(live, c.req.param('rendition'))
    const index = Number(/\d+/.exec(c.req.param('file'))?.[0])
    const init = r?.initByName(index)
    return init ? media(c, init, 'video/mp4') : c.text('not found', 404)
  })

  app.get('/lives/:key{[\\w-]+}/:rendition{[\\w]+}/:file{\\d+(\\.\\d+)?\\.m4s}', async (c) => {
    const live = liveOf(c)
    const r = live && renditionOf(live, c.req.param('rendition'))
    if (!live || !r) return c.text('not found', 404)
    const [msn = NaN, part] = c.req.param('file').replace('.m4s', '').split('.').map(Number)
    if (part === undefined) {
      // A plain player asks only for listed (complete) segments; one in the making is waited for.
      const edge = r.edge()
      if (edge && msn === edge.msn && edge.part >= 0) {
        await r.waitFor(() => live.ended || r.has(msn, undefined), BLOCK_MS, c.req.raw.signal)
      }
      const data = r.segment(msn)
      return data ? media(c, data, 'video/mp4') : c.text('not found', 404)
    }
    // The part the preload hint named (or one just before it) is held until it is made.
    const edge = r.edge()
    const next =
      edge &&
      (edge.part === -1 ? { msn: edge.msn, part: 0 } : { msn: edge.msn, part: edge.part + 1 })
    if (next && msn === next.msn && part <= next.part + 1 && !r.part(msn, part)) {
      await r.waitFor(
        () => live.ended || r.part(msn, part) !== undefined || r.lastMsn > msn,
        PART_WAIT_MS,
        c.req.raw.signal,
      )
    }
    const data = r.part(msn, part)
    return data ? media(c, data.data, 'video/mp4') : c.text('not found', 404)
  })

  return {
    app,
    callbacks: lives.app,
    lives: byKey,
    whip,
    close: () => {
      whip.close()
      lives.close()
    },
  }
}
