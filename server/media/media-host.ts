import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { ConfigError } from '../config-values.ts'
import { createMediaHost, type MediaHost } from './llhls/host.ts'
import { DEFAULT_RTMP_MODULE, RTMP_APP, nginxRtmpConfig } from './rtmp-config.ts'
import { dropRtmpPublisher } from './rtmp-control.ts'
import type { WhipPeerSettings } from './whip/peers.ts'

/** A Unix socket's path fits in 108 bytes on Linux (104 elsewhere), its final NUL included. */
const MAX_SOCKET_PATH = 103

type HttpServer = ReturnType<typeof serve>

const listen = (app: MediaHost['app'], port: number, hostname: string) =>
  new Promise<HttpServer>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname }, () => resolve(server))
  })

export interface MediaHostSettings {
  /** nginx's prefix: configuration, pid and logs. */
  mediaDir: string
  rtmpPort: number
  /** HTTP port (0: any free one) and address of the media host. */
  httpPort: number
  httpHost: string
  siteUrl: string
  secret: string | undefined
  nginx?: string
  modulePath?: string
  /** false: no RTMP ingest (nginx is not run): browsers and OBS publish over WHIP only. */
  rtmp?: boolean
  /** How browsers reach this host over WebRTC (WHIP_PUBLIC_IPS, WHIP_UDP_PORTS). */
  peer?: WhipPeerSettings
  log?: (message: string) => void
}

export interface RunningMediaHost {
  /** `http://host:port`, the MEDIA_ORIGIN of the web processes. */
  url: string
  host: MediaHost
  /** Resolves when nginx has exited. */
  exited: Promise<number | null>
  close(): Promise<void>
}

/**
 * The media host: Debian's nginx with the RTMP module takes encoders' streams and calls back
 * here, on a server of its own that listens on loopback only (nginx runs beside this process);
 * this process packages each live (server/media/llhls/) and serves it over HTTP, and drops an
 * encoder through nginx's control socket when the site says its live is over.
 */
export async function startMediaHost(s: MediaHostSettings): Promise<RunningMediaHost> {
  const log = s.log ?? ((m: string) => console.log(`media: ${m}`))
  const controlSocket = path.resolve(s.mediaDir, 'rtmp-control.sock')
  if (Buffer.byteLength(controlSocket) > MAX_SOCKET_PATH) {
    throw new ConfigError(`MEDIA_DIR is too long for nginx's control socket: ${controlSocket}`)
  }
  const host = createMediaHost({
    siteUrl: s.siteUrl,
    secret: s.secret,
    rtmpPlayBase: `rtmp://127.0.0.1:${s.rtmpPort}/${RTMP_APP}`,
    log,
    ...(s.peer ? { peer: s.peer } : {}),
    dropPublisher: async (name) => {
      await dropRtmpPublisher(controlSocket, RTMP_APP, name)
    },
  })
  const http = await listen(host.app, s.httpPort, s.httpHost)
  const callbacks = await listen(host.callbacks, 0, '127.0.0.1')
  const port = (http.address() as AddressInfo).port
  const visible = s.httpHost === '0.0.0.0' ? '127.0.0.1' : s.httpHost
  /** The host with its servers; `stopNginx` ends nginx, if there is one, and waits for it. */
  const running = (exited: Promise<number | null>, stopNginx: () => Promise<void>) => ({
    url: `http://${visible}:${port}`,
    host,
    exited,
    async close() {
      host.close()
      http.close()
      callbacks.close()
      await stopNginx()
    },
  })
  if (s.rtmp === false) {
    let stopped: () => void = () => {}
    const exited = new Promise<number | null>((resolve) => {
      stopped = () => resolve(0)
    })
    return running(exited, () => Promise.resolve(stopped()))
  }
  fs.mkdirSync(s.mediaDir, { recursive: true })
  // Left by an nginx that did not stop cleanly: nginx will not listen on a socket file that exists.
  fs.rmSync(controlSocket, { force: true })
  const file = path.join(s.mediaDir, 'nginx.conf')
  fs.writeFileSync(
    file,
    nginxRtmpConfig({
      mediaDir: s.mediaDir,
      rtmpPort: s.rtmpPort,
      callbackBase: `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}`,
      controlSocket,
      modulePath: s.modulePath ?? DEFAULT_RTMP_MODULE,
    }),
  )
  const nginx = spawn(s.nginx ?? '/usr/sbin/nginx', ['-p', s.mediaDir, '-c', file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => nginx.once('exit', resolve))
  // nginx is listening once its pid file is written.
  for (let i = 0; i < 100 && !fs.existsSync(path.join(s.mediaDir, 'nginx.pid')); i++) {
    if (nginx.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 50))
  }
  return running(exited, async () => {
    if (nginx.exitCode === null) {
      nginx.kill('SIGQUIT')
      await exited
    }
  })
}
