import fs from 'node:fs'
import { ConfigError } from './config.ts'
import { ffmpegBin, loadMediaConfig, programPath } from './config-media.ts'
import { startMediaHost } from './media/media-host.ts'
import { DEFAULT_RTMP_MODULE } from './media/rtmp-config.ts'

/**
 * `npm run media`: the media host. Debian's nginx with the RTMP module takes OBS's stream; this
 * process checks each publish with the site (KIRARI_URL), packages every live as Low-Latency HLS
 * with a quality ladder (ffmpeg), and serves it over HTTP on MEDIA_PORT, where the site's web
 * processes (MEDIA_ORIGIN) fetch it for viewers. It can run on its own machine.
 */
async function main() {
  const config = loadMediaConfig()
  const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
  const modulePath = process.env.NGINX_RTMP_MODULE ?? DEFAULT_RTMP_MODULE
  for (const [file, pkg] of [
    [nginx, 'nginx'],
    [modulePath, 'libnginx-mod-rtmp'],
  ] as const) {
    if (!fs.existsSync(file)) {
      throw new ConfigError(`${file} is missing: apt-get install -y ${pkg}`)
    }
  }
  if (!programPath(ffmpegBin())) {
    throw new ConfigError(
      `${ffmpegBin()} is not found: apt-get install -y ffmpeg (or set FFMPEG_BIN)`,
    )
  }
  const media = await startMediaHost({
    mediaDir: config.mediaDir,
    rtmpPort: Number(new URL(config.rtmpUrl).port || 1935),
    httpPort: config.mediaPort,
    httpHost: process.env.MEDIA_HOST ?? '127.0.0.1',
    siteUrl: config.siteUrl,
    secret: config.rtmpCallbackSecret,
    nginx,
    modulePath,
  })
  console.log(
    `media: RTMP ingest at ${config.rtmpUrl}, Low-Latency HLS at ${media.url}/lives/, site ${config.siteUrl}`,
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void media.close().then(() => process.exit(0)))
  }
  const code = await media.exited
  await media.close()
  process.exit(code ?? 0)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
