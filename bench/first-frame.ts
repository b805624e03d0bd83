import fs from 'node:fs'
import path from 'node:path'
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
    hls: files((key) => key.includes('hls.js')),
  }
}

/**
 * Where the time went, from the page's resource timings (ms since navigation): the app's
 * scripts, the room's code, hls.js, the room's data, the stream URL, the playlist and the first
 * media segment.
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
  return {
    html: nav ? Math.round(nav.responseEnd) : null,
    appJs: end(isOf(files.app)),
    roomJsRequested: start(isOf(files.room)),
    hlsJs: end(isOf(files.hls)),
    roomStatus: end((n) => n.includes('/api/room/status')),
    streamingUrl: end((n) => n.includes('/api/live/streaming_url')),
    playlist: end((n) => n.includes('.m3u8')),
    firstSegment: end((n) => /\\.(ts|m4s|mp4)(\\?|$)/.test(n)),
  }
}`

type Timeline = Record<string, number | null>

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/**
 * Time from navigation to the first video frame of a demo room on loopback: a fresh page
 * (cold cache) opens /r/{room}, loads the SPA, the room, hls.js and the live playlist, and
 * presents a frame. The median of a few tries is reported.
 */
export async function benchFirstFrame(options: { quick: boolean }): Promise<BenchResult> {
  const tries = options.quick ? 2 : 5
  const files = buildFiles()
  const { server, browser } = await startBenchSite()
  const times: number[] = []
  const timelines: Timeline[] = []
  try {
    for (let i = 0; i < tries; i++) {
      const context = await browser.newContext({ locale: 'ja-JP' })
      const page = await context.newPage()
      await page.goto(`${server.url}/r/kirari_hoshino`, { waitUntil: 'commit' })
      // performance.now() counts from the navigation's start.
      const at = await page.evaluate<number>(FIRST_FRAME)
      times.push(at)
      timelines.push(await page.evaluate<Timeline>(`(${TIMELINE})(${JSON.stringify(files)})`))
      await context.close()
    }
  } finally {
    await browser.close()
    await server.close()
  }
  const steps = Object.keys(timelines[0] ?? {})
  const timeline = steps.map((step) => {
    const values = timelines.flatMap((t) => (t[step] == null ? [] : [t[step]]))
    return { step, ms: values.length ? Math.round(median(values)) : null }
  })
  console.log(
    'first frame, median ms since navigation: ' +
      [
        ...timeline.map((t) => `${t.step} ${t.ms ?? '–'}`),
        `frame ${Math.round(median(times))}`,
      ].join(' → '),
  )
  return {
    name: 'first-frame',
    description: `navigation to the first video frame of a demo room, median of ${tries}`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures: [
      {
        name: 'navigation → first video frame',
        value: Math.round(median(times)),
        unit: 'ms',
        target: { kind: 'max', value: 1000 },
      },
      { name: 'slowest try', value: Math.round(Math.max(...times)), unit: 'ms' },
      ...timeline.map((t) => ({ name: `timeline: ${t.step} done`, value: t.ms ?? -1, unit: 'ms' })),
    ],
  }
}
