import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { ConfigError, loadMediaConfig } from './config.ts'
import { createMediaHost } from './media/llhls/host.ts'
import { DEFAULT_RTMP_MODULE, nginxRtmpConfig } from './media/rtmp-config.ts'

/**
 * `npm run media`: the media host. Debian's nginx with the RTMP module takes OBS's stream; this
 * process checks each publish with the site (KIRARI_URL), packages every live as Low-Latency HLS
 * with a quality ladder (ffmpeg), and serves it over HTTP on MEDIA_PORT, where the site's web
 * processes (MEDIA_ORIGIN) fetch it for viewers. It can run on its own machine.
 */
function main() {
  const config = loadMediaConfig()
  const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
  const modulePath = process.env.NGINX_RTMP_MODULE ?? DEFAULT_RTMP_MODULE
  const ffmpeg = process.env.FFMPEG_BIN ?? '/usr/bin/ffmpeg'
  for (const [file, pkg] of [
    [nginx, 'nginx'],
    [modulePath, 'libnginx-mod-rtmp'],
    [ffmpeg, 'ffmpeg'],
  ] as const) {
    if (!fs.existsSync(file)) {
      throw new ConfigError(`${file} is missing: apt-get install -y ${pkg}`)
    }
  }
  const rtmpPort = Number(new URL(config.rtmpUrl).port || 1935)
  const mediaHostAddress = process.env.MEDIA_HOST ?? '127.0.0.1'
  fs.mkdirSync(config.mediaDir, { recursive: true })
  const host = createMediaHost({
    siteUrl: config.siteUrl,
    secret: config.rtmpCallbackSecret,
    rtmpPlayBase: `rtmp://127.0.0.1:${rtmpPort}/live`,
    log: (message) => console.log(`media: ${message}`),
  })
  const http = serve({ fetch: host.app.fetch, port: config.mediaPort, hostname: mediaHostAddress })
  const file = path.join(config.mediaDir, 'nginx.conf')
  fs.writeFileSync(
    file,
    nginxRtmpConfig({
      mediaDir: config.mediaDir,
      rtmpPort,
      callbackBase: `http://127.0.0.1:${config.mediaPort}`,
      secret: config.rtmpCallbackSecret,
      modulePath,
    }),
  )
  console.log(
    `media: RTMP ingest at ${config.rtmpUrl}, Low-Latency HLS at http://${mediaHostAddress}:${config.mediaPort}/lives/, site ${config.siteUrl}`,
  )
  const child = spawn(nginx, ['-p', config.mediaDir, '-c', file], { stdio: 'inherit' })
  const stop = () => {
    host.close()
    http.close()
    child.kill('SIGQUIT')
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop)
  child.on('exit', (code) => {
    host.close()
    process.exit(code ?? 0)
  })
}

try {
  main()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
