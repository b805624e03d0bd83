import http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { createMediaHost, type MediaHost } from '../../server/media/llhls/host.ts'
import type { TestClient } from './client.ts'
import { startTestServer, type Engine, type TestServer } from './harness.ts'
import { listenLocal, logInLiver } from './obs-fixtures.ts'

export const WHIP_SECRET = 'whip-s3cret'

export interface WhipSite {
  server: TestServer
  host: MediaHost
  /** The media host's own origin (the site passes /whip on to it). */
  mediaOrigin: string
  liver: TestClient
  roomId: number
  log: string[]
  close(): Promise<void>
}

/**
 * A site and its media host, in this process (no nginx: a browser's publish needs none): the
 * host's HTTP server listens first, so the site is told where it is, then the host is made with
 * the site's address.
 */
export async function startWhipSite(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<WhipSite> {
  const holder: { app?: Hono } = {}
  const listener = getRequestListener(async (request) =>
    holder.app ? await holder.app.fetch(request) : new Response('starting', { status: 503 }),
  )
  const media = http.createServer((req, res) => void listener(req, res))
  const mediaOrigin = await listenLocal(media)
  const server = await startTestServer(engine, {
    CAPTCHA_FIXED_WORD: 'kirari',
    RTMP_CALLBACK_SECRET: WHIP_SECRET,
    MEDIA_ORIGIN: mediaOrigin,
    ...env,
  })
  const log: string[] = []
  const host = createMediaHost({
    siteUrl: server.url,
    secret: WHIP_SECRET,
    rtmpPlayBase: 'rtmp://127.0.0.1:9/live',
    log: (m) => log.push(m),
    dropPublisher: async () => {},
    // Everything here is on loopback and this machine's own addresses.
    peer: { iceServers: [], publicAddresses: [], peers: 'any' },
  })
  holder.app = host.app
  const { liver, roomId } = await logInLiver(server)
  return {
    server,
    host,
    mediaOrigin,
    liver,
    roomId,
    log,
    async close() {
      host.close()
      media.closeAllConnections()
      await new Promise((r) => media.close(r))
      await server.close()
    },
  }
}

/** Polls `what` every 100 ms until it gives a value (a throw counts as none), or fails with `label`. */
export async function until<T>(
  what: () => Promise<T | undefined | false>,
  ms: number,
  label: string,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await what().catch(() => undefined)
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out: ${label}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
