import { Hono, type Context } from 'hono'
import { MEDIA_SECRET_HEADER, RTMP_CHECK_MAX_NAMES } from '../../../src/contract/obs.ts'
import type { WhipPeerSettings } from '../whip/peers.ts'
import { Live, rtmpSource, type PublisherEvents, type SourceInput } from './live.ts'

/** The room the site's `on_publish` answer names, if it is one. */
export const roomKeyOf = (answer: unknown): string | undefined => {
  const key = (answer as { room_url_key?: unknown } | null)?.room_url_key
  return typeof key === 'string' && /^[\w-]+$/.test(key) ? key : undefined
}

/** An encoder that comes back within this keeps its live (and its playlists). */
export const RECONNECT_GRACE_MS = 30_000
/**
 * How often the site is asked which encoders may go on publishing: an owner who ends the live
 * or rotates the key sees the encoder dropped within this and the site's answer (issue #50: 2 s).
 */
export const PUBLISHER_CHECK_MS = 1000
/** A site that takes longer to say which encoders to drop is asked again at the next check. */
const CHECK_TIMEOUT_MS = 1500

/** What the media host is told (server/media/media-host.ts). */
export interface MediaHostOptions {
  /** The site, for the publish callbacks (KIRARI_URL). */
  siteUrl: string
  /** RTMP_CALLBACK_SECRET, sent to the site in MEDIA_SECRET_HEADER. */
  secret: string | undefined
  /** Where this host's ffmpeg reads an encoder: `rtmp://127.0.0.1:{port}/live`. */
  rtmpPlayBase: string
  log(message: string): void
  /** Tells the site the encoder of a live stalled or came back. */
  notifyStall?: (name: string, stalled: boolean) => Promise<void>
  /** Lets the encoder of stream `name` go (nginx-rtmp's control: media-host.ts). */
  dropPublisher(name: string): Promise<void>
  /** How browsers reach this host over WebRTC (WHIP): its public address, its UDP ports. */
  peer?: WhipPeerSettings
  /** PUBLISHER_CHECK_MS unless told. */
  checkMs?: number
}

/** The media host's lives, by nginx's stream name and by room. */
export interface Lives {
  /** nginx's callbacks, served on loopback only (media-host.ts). */
  app: Hono
  byName: Map<string, Live>
  byKey: Map<string, Live>
  /** A publisher the site accepted (by nginx's callback or WHIP): its live starts or goes on. */
  accept(name: string, roomUrlKey: string, source: SourceInput, extra?: PublisherEvents): Live
  /** A publisher went away: its live is kept RECONNECT_GRACE_MS for it to come back. */
  release(name: string): void
  /** Ends every live (the host is stopping). */
  close(): void
}

/**
 * nginx-rtmp's publish callbacks (on `Lives.app`), checked with the site (which owns the stream
 * keys): a publish starts the room's live, or continues it when the encoder comes back within
 * RECONNECT_GRACE_MS; the lives they keep. Every PUBLISHER_CHECK_MS the site is asked which of
 * them are over (the live ended, the key was rotated): their encoder is dropped at once and their
 * playlists go with them.
 */
export function publishCallbacks(o: MediaHostOptions): Lives {
  const app = new Hono()
  const byName = new Map<string, Live>()
  const byKey = new Map<string, Live>()
  const drops = new Map<string, NodeJS.Timeout>()
  /** Each name's latest accepted publish: a check asked before it cannot drop it. */
  const accepted = new Map<string, number>()
  let publishes = 0
  const siteHeaders: Record<string, string> = o.secret ? { [MEDIA_SECRET_HEADER]: o.secret } : {}

  const notifyStall =
    o.notifyStall ??
    (async (name: string, stalled: boolean) => {
      await fetch(`${o.siteUrl}/media/rtmp/on_stall`, {
        method: 'POST',
        headers: siteHeaders,
        body: new URLSearchParams({ name, stalled: stalled ? '1' : '0' }),
        signal: AbortSignal.timeout(5000),
      })
    })

  const ticker = setInterval(() => {
    const now = Date.now()
    for (const live of byName.values()) live.tick(now)
  }, 1000)
  ticker.unref()

  /** Forwards nginx's callback body to the site; its answer decides. */
  const forward = async (c: Context, call: string) => {
    const body = await c.req.text()
    const answer = await fetch(`${o.siteUrl}/media/rtmp/${call}`, {
      method: 'POST',
      headers: {
        ...siteHeaders,
        'Content-Type': c.req.header('content-type') ?? 'application/x-www-form-urlencoded',
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    return { answer, name: new URLSearchParams(body).get('name') ?? '' }
  }

  /** Forgets the live of stream `name` and the encoder feeding it, if one still is. */
  const drop = async (name: string) => {
    const live = byName.get(name)
    byName.delete(name)
    accepted.delete(name)
    clearTimeout(drops.get(name))
    drops.delete(name)
    if (live) {
      live.end()
      if (byKey.get(live.roomUrlKey) === live) byKey.delete(live.roomUrlKey)
      o.log(`${live.roomUrlKey}: the live is over or its key changed; the encoder is let go`)
    }
    await o.dropPublisher(name)
  }

  let checking = false
  let failing = false
  /** Asks the site which names are over, in batches, and drops those not published again since. */
  const check = async () => {
    if (checking || byName.size === 0) return
    checking = true
    try {
      const names = [...byName.keys()]
      const asked = new Map(names.map((name) => [name, accepted.get(name)]))
      for (let i = 0; i < names.length; i += RTMP_CHECK_MAX_NAMES) {
        const answer = await fetch(`${o.siteUrl}/media/rtmp/on_check`, {
          method: 'POST',
          headers: { ...siteHeaders, 'Content-Type': 'application/json' },
          body: JSON.stringify({ names: names.slice(i, i + RTMP_CHECK_MAX_NAMES) }),
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        })
        if (!answer.ok) throw new Error(`the site answered ${answer.status}`)
        const { drop: over } = (await answer.json()) as { drop?: unknown }
        if (!Array.isArray(over)) throw new Error('the site answered no list')
        for (const name of over) {
          if (typeof name !== 'string' || !asked.has(name)) continue
          if (accepted.get(name) !== asked.get(name)) continue
          // The stream name is the key: it is not written to the log.
          await drop(name).catch((e: unknown) => o.log(`could not drop an encoder: ${String(e)}`))
        }
      }
      if (failing) o.log('publisher check: the site answers again')
      failing = false
    } catch (e) {
      // Said once while it lasts: encoders are never dropped for the site being unreachable.
      if (!failing) o.log(`publisher check failed: ${String(e)}`)
      failing = true
    } finally {
      checking = false
    }
  }
  const checker = setInterval(() => void check(), o.checkMs ?? PUBLISHER_CHECK_MS)
  checker.unref()

  /**
   * The site accepted a publisher of stream `name` for room `key`: its live starts, or continues
   * when the same name comes back (within RECONNECT_GRACE_MS, or before it was let go).
   */
  const accept = (
    name: string,
    key: string,
    source: SourceInput,
    extra: PublisherEvents = {},
  ): Live => {
    clearTimeout(drops.get(name))
    drops.delete(name)
    accepted.set(name, ++publishes)
    let live = byName.get(name)
    if (!live || live.roomUrlKey !== key || live.inputKind !== source.kind) {
      live?.end()
      live = new Live(key, source, {
        stall: (stalled) => {
          notifyStall(name, stalled).catch((e: unknown) =>
            o.log(`stall notice failed: ${String(e)}`),
          )
        },
        log: (m) => o.log(`${key}: ${m}`),
        ...extra,
      })
      byName.set(name, live)
      byKey.get(key)?.end()
      byKey.set(key, live)
      o.log(`${key}: encoder connected`)
    } else {
      // A publisher that took over from one never let go (a silent WHIP session): the old
      // reader stops, and the live is read again from where the new one sends.
      if (live.publishing) live.unpublish()
      live.setInput(source)
      live.setEvents(extra)
      o.log(`${key}: encoder reconnected; the live continues`)
    }
    return live
  }

  /** The publisher of stream `name` went: its live waits RECONNECT_GRACE_MS for it. */
  const release = (name: string) => {
    const live = byName.get(name)
    if (!live) return
    live.unpublish()
    o.log(`${live.roomUrlKey}: encoder disconnected; kept ${RECONNECT_GRACE_MS / 1000} s`)
    clearTimeout(drops.get(name))
    drops.set(
      name,
      setTimeout(() => {
        drops.delete(name)
        if (live.publishing) return
        live.end()
        byName.delete(name)
        accepted.delete(name)
        if (byKey.get(live.roomUrlKey) === live) byKey.delete(live.roomUrlKey)
      }, RECONNECT_GRACE_MS + 5000),
    )
  }

  app.post('/rtmp/on_publish', async (c) => {
    const { answer, name } = await forward(c, 'on_publish')
    if (!answer.ok) return c.text(await answer.text(), answer.status === 403 ? 403 : 500)
    const key = roomKeyOf(await answer.json())
    if (!key) return c.text('bad site answer', 500)
    const live = accept(name, key, rtmpSource(`${o.rtmpPlayBase}/${name}`))
    // nginx starts taking the stream once we answer: read it a moment later.
    setTimeout(() => live.publish(), 100)
    return c.text('ok')
  })

  app.post('/rtmp/on_publish_done', async (c) => {
    const { name } = await forward(c, 'on_publish_done').catch(() => ({ name: '' }))
    // A WHIP session of the same key is not nginx's to end.
    if (byName.get(name)?.inputKind === 'rtmp') release(name)
    return c.text('ok')
  })

  return {
    app,
    byName,
    byKey,
    accept,
    release,
    close() {
      clearInterval(ticker)
      clearInterval(checker)
      for (const t of drops.values()) clearTimeout(t)
      for (const live of byName.values()) live.end()
      byName.clear()
      byKey.clear()
    },
  }
}
