import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ConfigError, loadMediaConfig } from './config.ts'
import { DEFAULT_RTMP_MODULE, nginxRtmpConfig } from './media/rtmp-config.ts'

/**
 * `npm run media`: RTMP ingest for livers using OBS. Writes the nginx configuration into
 * MEDIA_DIR and runs Debian's nginx with the RTMP module in the foreground; `npm start` must be
 * running for the publish callbacks (PORT, RTMP_URL and RTMP_CALLBACK_SECRET as for the server).
 */
function main() {
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
  const rtmpPort = Number(new URL(config.rtmpUrl).port || 1935)
  const callbackHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host
  fs.mkdirSync(path.join(config.mediaDir, 'hls'), { recursive: true })
  // nginx's workers drop root for 'nobody': they must reach the HLS directory.
  fs.chmodSync(config.mediaDir, 0o755)
  fs.chmodSync(path.join(config.mediaDir, 'hls'), 0o777)
  const file = path.join(config.mediaDir, 'nginx.conf')
  fs.writeFileSync(
    file,
    nginxRtmpConfig({
      mediaDir: config.mediaDir,
      rtmpPort,
      callbackBase: `http://${callbackHost}:${config.port}`,
      secret: config.rtmpCallbackSecret,
      modulePath,
    }),
  )
  console.log(`media: RTMP ingest at ${config.rtmpUrl}, HLS in ${config.mediaDir}/hls`)
  const child = spawn(nginx, ['-p', config.mediaDir, '-c', file], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => child.kill('SIGQUIT'))
  }
  child.on('exit', (code) => process.exit(code ?? 0))
}

try {
  main()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
