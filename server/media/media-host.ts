import { spawn } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createMediaHost, type MediaHost } from './llhls/host.ts'
import { DEFAULT_RTMP_MODULE, nginxRtmpConfig } from './rtmp-config.ts'

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
 * here; this process packages each live (server/media/llhls/) and serves it over HTTP.
 */
export async function startMediaHost(s: MediaHostSettings): Promise<RunningMediaHost> {
  const log = s.log ?? ((m: string) => console.log(`media: ${m}`))
  const host = createMediaHost({
    siteUrl: s.siteUrl,
    secret: s.secret,
    rtmpPlayBase: `rtmp://127.0.0.1:${s.rtmpPort}/live`,
    log,
  })
  const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const server = serve({ fetch: host.app.fetch, port: s.httpPort, hostname: s.httpHost }, () =>
      resolve(server),
    )
  })
  const port = (http.address() as AddressInfo).port
  fs.mkdirSync(s.mediaDir, { recursive: true })
  const file = path.join(s.mediaDir, 'nginx.conf')
  fs.writeFileSync(
    file,
    nginxRtmpConfig({
      mediaDir: s.mediaDir,
      rtmpPort: s.rtmpPort,
      callbackBase: `http://127.0.0.1:${port}`,
      secret: s.secret,
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
  const visible = s.httpHost === '0.0.0.0' ? '127.0.0.1' : s.httpHost
  return {
    url: `http://${visible}:${port}`,
    host,
    exited,
    async close() {
      host.close()
      http.close()
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT')
        await exited
      }
    },
  }
}
