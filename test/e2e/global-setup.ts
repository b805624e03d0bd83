import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { CHROMIUM } from './chromium.ts'
import { spawnServer } from '../spawn-server.ts'
import { freePort } from '../free-port.ts'

const root = path.resolve(import.meta.dirname, '../..')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** Where the site's RTMP ingest (nginx-rtmp) listens. */
    rtmpUrl: string
    maintenanceUrl: string
    chromium: string
    /** Where test/e2e/social.test.ts starts oauth2-mock-server, the site's X (issue #28). */
    oauthPort: number
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM)) {
    // A missing browser fails the run; nothing is skipped silently.
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    )
  }
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test; the browser must get the production build, as npm start does.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (build.status !== 0) throw new Error('vite build failed')

  for (const [file, pkg] of [
    ['/usr/sbin/nginx', 'nginx'],
    ['/usr/lib/nginx/modules/ngx_rtmp_module.so', 'libnginx-mod-rtmp'],
    ['/usr/bin/ffmpeg', 'ffmpeg'],
    ['/usr/bin/yt-dlp', 'yt-dlp'],
    ['/usr/bin/streamlink', 'streamlink'],
  ] as const) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${file} not found: apt-get install -y ${pkg} (the OBS ingest and SHOWROOM-client tests need it)`,
      )
    }
  }
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-media-'))
  const rtmpUrl = `rtmp://127.0.0.1:${19000 + Math.floor(Math.random() * 900)}/live`
  const oauthPort = await freePort()
  // The media host (npm run media) serves OBS lives over HTTP; the site proxies them from there.
  const mediaPort = await freePort()
  const oauth = `http://127.0.0.1:${oauthPort}`
  const [site, maintenance] = await Promise.all([
    // CAPTCHA_FIXED_WORD lets the browser suite answer the captcha (refused in production).
    // Demo bots keep the rooms busy (2 comments a second each) for the comment-stream tests.
    spawnServer({
      CAPTCHA_FIXED_WORD: 'kirari',
      DEMO_BOTS_PER_MINUTE: '120',
      // Every browser of the suite reports (vitals, traces) from one address.
      OBSERVABILITY_INTAKE_PER_MINUTE: '100000',
      RTMP_URL: rtmpUrl,
      MEDIA_DIR: mediaDir,
      MEDIA_ORIGIN: `http://127.0.0.1:${mediaPort}`,
      // X's OAuth 2.0 endpoints: oauth2-mock-server, started by test/e2e/social.test.ts.
      TWITTER_CLIENT_ID: 'kirari-e2e',
      TWITTER_CLIENT_SECRET: 'kirari-e2e-secret',
      TWITTER_AUTHORIZE_URL: `${oauth}/authorize`,
      TWITTER_TOKEN_URL: `${oauth}/token`,
      TWITTER_USERINFO_URL: `${oauth}/userinfo`,
    }),
    spawnServer({ MAINTENANCE: '1' }),
  ])
  // The media host, as `npm run media` runs it: nginx-rtmp and the packager, calling the site.
  const media = spawn(process.execPath, ['--import', 'tsx', 'server/media-main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      KIRARI_URL: site.url,
      // As the demo's: its publishers (the browser here) are on this machine's own addresses.
      KIRARI_DEMO: '1',
      MEDIA_PORT: String(mediaPort),
      RTMP_URL: rtmpUrl,
      MEDIA_DIR: mediaDir,
    },
    // E2E_MEDIA_LOG=1 shows what it says (its readers' errors) when a test of it goes wrong.
    stdio: ['ignore', process.env.E2E_MEDIA_LOG ? 'inherit' : 'ignore', 'inherit'],
  })
  project.provide('rtmpUrl', rtmpUrl)
  project.provide('baseUrl', site.url)
  project.provide('maintenanceUrl', maintenance.url)
  project.provide('chromium', CHROMIUM)
  project.provide('oauthPort', oauthPort)

  return async () => {
    const mediaExited = new Promise((resolve) => media.once('exit', resolve))
    media.kill('SIGTERM')
    await mediaExited
    fs.rmSync(mediaDir, { recursive: true, force: true })
    await Promise.all([site.stop(), maintenance.stop()])
  }
}
