import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { CHROMIUM } from './chromium.ts'

const root = path.resolve(import.meta.dirname, '../..')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** Where the site's RTMP ingest (nginx-rtmp) listens. */
    rtmpUrl: string
    maintenanceUrl: string
    chromium: string
  }
}

interface Started {
  url: string
  child: ChildProcess
  dataDir: string
}

/** Starts `server/main.ts` (what `npm start` runs after the build) and waits for its URL. */
function startServer(env: Record<string, string>): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-e2e-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 60 s:\n${log}`)),
      60_000,
    )
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      const url = /"message":"listening","url":"([^"]+)"/.exec(log)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ url, child, dataDir })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)))
  })
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
  ] as const) {
    if (!fs.existsSync(file)) {
      throw new Error(`${file} not found: apt-get install -y ${pkg} (the OBS ingest test needs it)`)
    }
  }
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-media-'))
  const rtmpUrl = `rtmp://127.0.0.1:${19000 + Math.floor(Math.random() * 900)}/live`
  const [site, maintenance] = await Promise.all([
    // CAPTCHA_FIXED_WORD lets the browser suite answer the captcha (refused in production).
    // Demo bots keep the rooms busy (2 comments a second each) for the comment-stream tests.
    startServer({
      CAPTCHA_FIXED_WORD: 'kirari',
      DEMO_BOTS_PER_MINUTE: '120',
      RTMP_URL: rtmpUrl,
      MEDIA_DIR: mediaDir,
    }),
    startServer({ MAINTENANCE: '1' }),
  ])
  // nginx-rtmp for the site, as `npm run media` runs it, calling back to the site's port.
  const media = spawn(process.execPath, ['--import', 'tsx', 'server/media-main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: new URL(site.url).port,
      RTMP_URL: rtmpUrl,
      MEDIA_DIR: mediaDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  project.provide('rtmpUrl', rtmpUrl)
  project.provide('baseUrl', site.url)
  project.provide('maintenanceUrl', maintenance.url)
  project.provide('chromium', CHROMIUM)

  return async () => {
    const mediaExited = new Promise((resolve) => media.once('exit', resolve))
    media.kill('SIGTERM')
    await mediaExited
    fs.rmSync(mediaDir, { recursive: true, force: true })
    for (const s of [site, maintenance]) {
      const exited = new Promise((resolve) => s.child.once('exit', resolve))
      s.child.kill('SIGTERM')
      await exited
      fs.rmSync(s.dataDir, { recursive: true, force: true })
    }
  }
}
