import type { Context, Hono } from 'hono'
import { Live } from './live.ts'

/** An encoder that comes back within this keeps its live (and its playlists). */
export const RECONNECT_GRACE_MS = 30_000

/** What the media host is told (server/media/media-host.ts). */
export interface MediaHostOptions {
  /** The site, for the publish callbacks (KIRARI_URL). */
  siteUrl: string
  secret: string | undefined
  /** Where this host's ffmpeg reads an encoder: `rtmp://127.0.0.1:{port}/live`. */
  rtmpPlayBase: string
  log(message: string): void
  /** Tells the site the encoder of a live stalled or came back. */
  notifyStall?: (name: string, stalled: boolean) => Promise<void>
}

/** The media host's lives, by nginx's stream name and by room. */
export interface Lives {
  byName: Map<string, Live>
  byKey: Map<string, Live>
  /** Ends every live (the host is stopping). */
  close(): void
}

/**
 * nginx-rtmp's publish callbacks on `app`, checked with the site (which owns the stream keys):
 * a publish starts the room's live, or continues it when the encoder comes back within
 * RECONNECT_GRACE_MS; the lives they keep.
 */
export function publishCallbacks(app: Hono, o: MediaHostOptions): Lives {
  const byName = new Map<string, Live>()
  const byKey = new Map<string, Live>()
  const drops = new Map<string, NodeJS.Timeout>()
  const query = o.secret ? `?secret=${encodeURIComponent(o.secret)}` : ''

  const notifyStall =
    o.notifyStall ??
    (async (name: string, stalled: boolean) => {
      await fetch(`${o.siteUrl}/media/rtmp/on_stall${query}`, {
        method: 'POST',
        body: new URLSearchParams({ name, stalled: stalled ? '1' : '0' }),
        signal: AbortSignal.timeout(5000),
      })
    })

  const ticker = setInterval(() => {
    const now = Date.now()
    for (const live of byName.values()) live.tick(now)
  }, 1000)
  ticker.unref()

  const allowed = (c: Context) => !o.secret || c.req.query('secret') === o.secret

  /** Forwards nginx's callback body to the site; its answer decides. */
  const forward = async (c: Context, call: string) => {
    const body = await c.req.text()
    const answer = await fetch(`${o.siteUrl}/media/rtmp/${call}${query}`, {
      method: 'POST',
      headers: {
        'Content-Type': c.req.header('content-type') ?? 'application/x-www-form-urlencoded',
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    return { answer, name: new URLSearchParams(body).get('name') ?? '' }
  }

  app.post('/rtmp/on_publish', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { answer, name } = await forward(c, 'on_publish')
    if (!answer.ok) return c.text(await answer.text(), answer.status === 403 ? 403 : 500)
    const { room_url_key: key } = (await answer.json()) as { room_url_key?: unknown }
    if (typeof key !== 'string' || !/^[\w-]+$/.test(key)) return c.text('bad site answer', 500)
    clearTimeout(drops.get(name))
    drops.delete(name)
    let live = byName.get(name)
    if (!live || live.roomUrlKey !== key) {
      live?.end()
      live = new Live(key, `${o.rtmpPlayBase}/${name}`, {
        stall: (stalled) => {
          notifyStall(name, stalled).catch((e: unknown) =>
            o.log(`stall notice failed: ${String(e)}`),
          )
        },
        log: (m) => o.log(`${key}: ${m}`),
      })
      byName.set(name, live)
      byKey.get(key)?.end()
      byKey.set(key, live)
      o.log(`${key}: encoder connected`)
    } else o.log(`${key}: encoder reconnected; the live continues`)
    // nginx starts taking the stream once we answer: read it a moment later.
    const started = live
    setTimeout(() => started.publish(), 100)
    return c.text('ok')
  })

  app.post('/rtmp/on_publish_done', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { name } = await forward(c, 'on_publish_done').catch(() => ({ name: '' }))
    const live = byName.get(name)
    if (!live) return c.text('ok')
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
        if (byKey.get(live.roomUrlKey) === live) byKey.delete(live.roomUrlKey)
      }, RECONNECT_GRACE_MS + 5000),
    )
    return c.text('ok')
  })

  return {
    byName,
    byKey,
    close() {
      clearInterval(ticker)
      for (const t of drops.values()) clearTimeout(t)
      for (const live of byName.values()) live.end()
      byName.clear()
      byKey.clear()
    },
  }
}
