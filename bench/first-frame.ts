import fs from 'node:fs'
import path from 'node:path'
import { hlsChunkKey } from '../server/page-assets.ts'
import { startBenchSite } from './site.ts'
import type { BenchResult } from './report.ts'

/** Resolves with the page's time (performance.now) of the first video frame it presents. */
const FIRST_FRAME = `new Promise((resolve) => {
  const watch = () => {
    const video = document.querySelector('video')
    if (!video) return requestAnimationFrame(watch)
    if ('requestVideoFrameCallback' in video) {
      video.requestVideoFrameCallback((now) => resolve(now))
    } else {
      const check = () => (video.currentTime > 0 ? resolve(performance.now()) : requestAnimationFrame(check))
      check()
    }
  }
  watch()
})`

/** The build's file names (hashed) of the app's entry, the room's chunks and hls.js. */
interface BuildFiles {
  app: string[]
  room: string[]
  hls: string[]
}

/** Which hashed file is which, from the build's manifest and index.html. */
function buildFiles(): BuildFiles {
  const dist = path.resolve(import.meta.dirname, '../dist')
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const files = (test: (key: string) => boolean) =>
    Object.entries(manifest)
      .filter(([key]) => test(key))
      .map(([, chunk]) => chunk.file)
  return {
    app: [...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''),
    room: files((key) => /room/i.test(key) && !key.includes('node_modules')),
    hls: files((key) => key === hlsChunkKey(manifest)),
  }
}

/**
 * Where the time went, from the page's resource timings and marks (ms since navigation): the
 * boot script's run and its stream's start (src/boot/room-video.ts), the app's scripts, the
 * room's code, hls.js, the room's data, the stream URL, the playlist, the first media segment,
 * and when the boot script let the app start.
 */
const TIMELINE = `(files) => {
  const entries = performance.getEntriesByType('resource')
  const nav = performance.getEntriesByType('navigation')[0]
  const pick = (test) => entries.filter((e) => test(e.name))
  const end = (test) => {
    const found = pick(test)
    return found.length ? Math.round(Math.max(...found.map((e) => e.responseEnd))) : null
  }
  const start = (test) => {
    const found = pick(test)
    return found.length ? Math.round(Math.min(...found.map((e) => e.startTime))) : null
  }
  const isOf = (list) => (name) => list.some((f) => name.endsWith('/' + f))
  const mark = (name) => {
    const found = performance.getEntriesByName(name, 'mark')[0]
    return found ? Math.round(found.startTime) : null
  }
  return {
    html: nav ? Math.round(nav.responseEnd) : null,
    bootRuns: mark('kirari:boot'),
    streamAttached: mark('kirari:stream-attach'),
    appJs: end(isOf(files.app)),
    roomJsRequested: start(isOf(files.room)),
    hlsJs: end(isOf(files.hls)),
    roomStatus: end((n) => n.includes('/api/room/status')),
    streamingUrl: end((n) => n.includes('/api/live/streaming_url')),
    playlist: end((n) => n.includes('.m3u8')),
    firstSegment: end((n) => /\\.(ts|m4s|mp4)(\\?|$)/.test(n)),
    appStarts: mark('kirari:app-start'),
  }
}`

type Timeline = Record<string, number | null>

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const BARE_DIR = path.resolve(import.meta.dirname, 'bare')
const HLS_UMD = path.resolve(import.meta.dirname, '../node_modules/hls.js/dist/hls.light.min.js')

/**
 * Puts the bare page (bench/bare) into the build the server serves, at `/__bench/`, so that both
 * pages come from the same server and origin; returns how to take it away.
 */
function installBarePage(): () => void {
  const dir = path.resolve(import.meta.dirname, '../dist/__bench')
  fs.mkdirSync(dir, { recursive: true })
  for (const file of fs.readdirSync(BARE_DIR)) {
    fs.copyFileSync(path.join(BARE_DIR, file), path.join(dir, file))
  }
  fs.copyFileSync(HLS_UMD, path.join(dir, 'hls.light.min.js'))
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

const ROOM = 'kirari_hoshino'

/**
 * Time from navigation to the first video frame of a demo room on loopback, side by side with
 * a bare page doing the same work (bench/bare: hls.js, the room lookup, streaming_url, the same
 * playlist), alternating on one server: a fresh page (cold cache) each time. Medians of a few
 * tries, their ratio (the target is 1.3), and the room page's timeline.
 */
export async function benchFirstFrame(options: { quick: boolean }): Promise<BenchResult> {
  const tries = options.quick ? 2 : 5
  const files = buildFiles()
  const removeBare = installBarePage()
  const { server, browser } = await startBenchSite()
  const times: number[] = []
  const bareTimes: number[] = []
  const timelines: Timeline[] = []
  const firstFrame = async (url: string) => {
    const context = await browser.newContext({ locale: 'ja-JP' })
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'commit' })
    // performance.now() counts from the navigation's start.
    const at = await page.evaluate<number>(FIRST_FRAME)
    const timeline = await page.evaluate<Timeline>(`(${TIMELINE})(${JSON.stringify(files)})`)
    await context.close()
    return { at, timeline }
  }
  try {
    // One of each first, unmeasured: the server's first answers warm its caches and JIT.
    await firstFrame(`${server.url}/r/${ROOM}`)
    await firstFrame(`${server.url}/__bench/index.html?room=${ROOM}`)
    for (let i = 0; i < tries; i++) {
      const room = await firstFrame(`${server.url}/r/${ROOM}`)
      times.push(room.at)
      timelines.push(room.timeline)
      bareTimes.push((await firstFrame(`${server.url}/__bench/index.html?room=${ROOM}`)).at)
    }
  } finally {
    await browser.close()
    await server.close()
    removeBare()
  }
  const steps = Object.keys(timelines[0] ?? {})
  const timeline = steps.map((step) => {
    const values = timelines.flatMap((t) => (t[step] == null ? [] : [t[step]]))
    return { step, ms: values.length ? Math.round(median(values)) : null }
  })
  const room = Math.round(median(times))
  const bare = Math.round(median(bareTimes))
  const ratio = Math.round((room / bare) * 100) / 100
  console.log(
    'first frame, median ms since navigation: ' +
      [...timeline.map((t) => `${t.step} ${t.ms ?? '–'}`), `frame ${room}`].join(' → '),
  )
  console.log(`first frame: room page ${room} ms, bare page ${bare} ms, ratio ${ratio}`)
  return {
    name: 'first-frame',
    description: `navigation to the first video frame of a demo room and of a bare page, median of ${tries} each`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures: [
      {
        name: 'navigation → first video frame',
        value: room,
        unit: 'ms',
        target: { kind: 'max', value: 1000 },
      },
      { name: 'bare page: navigation → first video frame', value: bare, unit: 'ms' },
      {
        name: 'room page / bare page',
        value: ratio,
        unit: '×',
        target: { kind: 'max', value: 1.3 },
      },
      { name: 'slowest try', value: Math.round(Math.max(...times)), unit: 'ms' },
      ...timeline.map((t) => ({ name: `timeline: ${t.step} done`, value: t.ms ?? -1, unit: 'ms' })),
    ],
  }
}
