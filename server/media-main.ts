import fs from 'node:fs'
import { ConfigError } from './config.ts'
import { ffmpegBin, loadMediaConfig, programPath } from './config-media.ts'
import { startMediaHost } from './media/media-host.ts'
import { DEFAULT_RTMP_MODULE } from './media/rtmp-config.ts'

/**
 * `npm run media`: the media host. Debian's nginx with the RTMP module takes OBS's stream, and
 * this process answers WHIP (a browser's, or OBS's WHIP output) through the site's /whip; it
 * checks each publish with the site (KIRARI_URL), packages every live as Low-Latency HLS (an OBS
 * live with a transcoded ladder, a browser's copied as it comes), and serves it over HTTP on
 * MEDIA_PORT, where the site's web processes (MEDIA_ORIGIN) fetch it for viewers. It can run on
 * its own machine.
 */
async function main() {
  const config = loadMediaConfig()
  const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
  const modulePath = process.env.NGINX_RTMP_MODULE ?? DEFAULT_RTMP_MODULE
  // Without nginx and its RTMP module the host still takes WHIP (browsers, OBS 30+), not RTMP.
  const missing = [
    [nginx, 'nginx'],
    [modulePath, 'libnginx-mod-rtmp'],
  ].filter(([file]) => !fs.existsSync(file ?? ''))
  const rtmp = missing.length === 0 && process.env.MEDIA_RTMP !== '0'
  if (missing.length > 0) {
    console.warn(
      `media: RTMP ingest is off: ${missing.map(([f]) => f).join(', ')} missing (apt-get install -y ${missing.map(([, p]) => p).join(' ')}); WHIP still works`,
    )
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
    rtmp,
    peer: config.whip,
  })
  console.log(
    `media: ${rtmp ? `RTMP ingest at ${config.rtmpUrl}, ` : ''}WHIP at ${config.siteUrl}/whip, Low-Latency HLS at ${media.url}/lives/, site ${config.siteUrl}`,
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
