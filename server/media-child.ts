import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import type { Logger } from './env.ts'

const root = path.resolve(import.meta.dirname, '..')

/** What the media host reads (config-media.ts, media-main.ts): the web process's secrets stay. */
const MEDIA_ENV =
  /^(PATH|HOME|TMPDIR|LANG|NODE_ENV|NODE_OPTIONS|KIRARI_DEMO|HOST|PORT|RTMP_URL|RTMP_CALLBACK_SECRET|MEDIA_\w+|WHIP_\w+|FFMPEG_BIN|NGINX_BIN|NGINX_RTMP_MODULE)$/

const mediaEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([name]) => MEDIA_ENV.test(name)))

/**
 * `npm start`'s media host (KIRARI_MEDIA=1): the same `server/media-main.ts` that `npm run media`
 * runs, as a child of the demo's web process, so a liver can go live from a browser (WHIP) — and
 * from OBS when nginx's RTMP module is there — on one machine with one command. It stays its own
 * process: the web process never carries media.
 */
export function startMediaChild(siteUrl: string, mediaPort: number, logger: Logger) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/media-main.ts')],
    {
      cwd: root,
      env: { ...mediaEnv(process.env), KIRARI_URL: siteUrl, MEDIA_PORT: String(mediaPort) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  let stopping = false
  child.once('exit', (code) => {
    if (!stopping) logger.error(`the media host ended (exit ${code}): lives cannot be published`)
  })
  return {
    async stop() {
      stopping = true
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
