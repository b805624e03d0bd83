import type { ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import type { StreamingUrlAnswer } from '../src/contract/live.ts'
import type { Browser } from 'playwright-core'
import type { TestClient } from '../test/server/client.ts'
import { BAND_ROWS, DECODER_SOURCE, HEIGHT, ageOf } from './frame-clock.ts'

/** What both glass-to-glass paths share (OBS's, glass-to-glass.ts; a browser's, g2g-browser.ts). */

/** Playback is taken as steady this long after the first frame whose code was read. */
export const STEADY_MS = 5_000
/** How often the page reads a presented frame's code (4 a second). */
export const SAMPLE_EVERY_MS = 250
/** A reading beyond this is a misread, not a latency (the code's 40 bits wrap in 34 years). */
export const PLAUSIBLE_MS = 60_000

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** Keeps the last few kilobytes a child wrote, for the error that says why a step failed. */
export function tail(child: ChildProcess, name: string, stdout = true): () => string {
  let text = ''
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4000)
  }
  child.stderr?.on('data', keep)
  if (stdout) child.stdout?.on('data', keep)
  return () => `${name}:\n${text.trim() || '(nothing)'}`
}

/** Polls `check` every `everyMs` until it gives a value, or fails with `why` after `timeoutMs`. */
export async function until<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  why: () => string,
  everyMs = 250,
): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(why())
    await sleep(everyMs)
  }
}

export async function getJson<T>(client: TestClient, url: string): Promise<T> {
  const response = await client.request(url)
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`)
  return (await response.json()) as T
}

/** The end of a child: SIGTERM (or `signal`), then SIGKILL if it lingers. */
export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  const late = await Promise.race([exited.then(() => false), sleep(5_000).then(() => true)])
  if (late) {
    child.kill('SIGKILL')
    await exited
  }
}

/** One reading of the page: a presented frame, when it was shown and what its code said. */
export interface Sample {
  /** Wall-clock ms at which the frame was to be shown (requestVideoFrameCallback's). */
  shown: number
  /** The code's low 40 bits of the capture time, or -1 when it did not read. */
  ms40: number
  height: number
  /** hls.js's own `latency` (s) as the player exposes it, NaN if not. */
  hlsLatency: number
  /** hls.js's target latency (s): PART-HOLD-BACK, grown by each stall. */
  targetLatency: number
  lowLatency: string
}

/**
 * In the page: on each presented frame (at most every `every` ms) of the room's <video>, draw its
 * top band at the video's own size to a canvas, read the code and note when the frame was to be
 * shown, on the page's Date.now() clock (the same machine's clock as the encoder's).
 */
export const PAGE_PROBE = `(decode, bandRows, fullHeight, every) => {
  const state = { samples: [], video: null, last: -Infinity }
  window.__glassToGlass = state
  let canvas = null
  let context = null
  const onFrame = (video) => (now, meta) => {
    if (state.video !== video) return
    video.requestVideoFrameCallback(onFrame(video))
    if (now - state.last < every) return
    state.last = now
    const width = video.videoWidth
    const height = video.videoHeight
    if (!width || !height) return
    canvas ??= document.createElement('canvas')
    context ??= canvas.getContext('2d', { willReadFrequently: true })
    const rows = Math.min(height, Math.ceil((height * bandRows) / fullHeight))
    if (canvas.width !== width) canvas.width = width
    if (canvas.height !== rows) canvas.height = rows
    context.drawImage(video, 0, 0, width, rows, 0, 0, width, rows)
    const ms40 = decode(context.getImageData(0, 0, width, rows).data, width, height, 4)
    const toWall = Date.now() - performance.now()
    state.samples.push({
      shown: toWall + meta.expectedDisplayTime,
      ms40,
      height,
      hlsLatency: Number(video.dataset.latency ?? NaN),
      targetLatency: Number(video.dataset.targetLatency ?? NaN),
      lowLatency: video.dataset.lowLatency ?? '',
    })
  }
  const watch = () => {
    const video = document.querySelector('[data-testid="room-video"]')
    if (video && video !== state.video && 'requestVideoFrameCallback' in video) {
      state.video = video
      video.requestVideoFrameCallback(onFrame(video))
    }
  }
  setInterval(watch, 100)
}`

export const SAMPLES = `(window.__glassToGlass ? window.__glassToGlass.samples : [])`

/** Whether the room's stream has media to play: its playlist (or its first variant's) lists some. */
export async function playable(client: TestClient, roomId: number): Promise<boolean> {
  const urls = await getJson<StreamingUrlAnswer>(
    client,
    `/api/live/streaming_url?room_id=${roomId}`,
  )
  const first = urls.streaming_url_list?.[0]?.url
  if (!first) return false
  let url = new URL(first)
  let text = await (await fetch(url)).text()
  const variant = /#EXT-X-STREAM-INF[^\n]*\n([^\n#][^\n]*)/.exec(text)?.[1]
  if (variant) {
    url = new URL(variant.trim(), url)
    text = await (await fetch(url)).text()
  }
  return text.includes('#EXTINF') || text.includes('#EXT-X-PART:')
}

/** What a viewer's page read over the window: the ages of the frames shown and how it went. */
export interface Watched {
  /** Ages (ms) of the frames whose code read. */
  ages: number[]
  samples: Sample[]
  from: number
  to: number
  /** Page opened → first code read (ms). */
  firstReadMs: number
  /** The rendition most frames were of, and whether the low-latency playlist played. */
  height: number
  heights: number
  lowLatency: boolean
  /** hls.js's own latency (s) of each reading that had it. */
  hlsLatency: number[]
  /** hls.js's target latency (s) of each reading that had it. */
  targetLatency: number[]
}

/**
 * A viewer opens the room in its own context and, once a frame's code first reads and playback
 * has steadied (STEADY_MS), collects `collectMs` of readings.
 */
export async function watchRoom(
  browser: Browser,
  roomUrl: string,
  collectMs: number,
  logs: () => string,
): Promise<Watched> {
  const context = await browser.newContext({
    locale: 'ja-JP',
    viewport: { width: 1280, height: 800 },
  })
  try {
    const page = await context.newPage()
    await page.addInitScript(
      `(${PAGE_PROBE})(${DECODER_SOURCE}, ${BAND_ROWS}, ${HEIGHT}, ${SAMPLE_EVERY_MS})`,
    )
    await page.goto(roomUrl, { waitUntil: 'commit' })
    const opened = Date.now()
    await until(
      async () => {
        const samples = await page.evaluate<Sample[]>(SAMPLES)
        return samples.some((s) => s.ms40 >= 0) ? true : undefined
      },
      20_000,
      () => `no frame's code was read in the page in 20 s\n${logs()}`,
    )
    const firstRead = Date.now()
    const from = firstRead + STEADY_MS
    await sleep(from + collectMs - Date.now())
    const to = Date.now()
    const samples = (await page.evaluate<Sample[]>(SAMPLES)).filter(
      (s) => s.shown >= from && s.shown <= to,
    )
    const ages = samples
      .filter((s) => s.ms40 >= 0)
      .map((s) => ageOf(s.ms40, s.shown))
      .filter((ms) => ms < PLAUSIBLE_MS)
    const heights = new Map<number, number>()
    for (const s of samples) heights.set(s.height, (heights.get(s.height) ?? 0) + 1)
    return {
      ages,
      samples,
      from,
      to,
      firstReadMs: firstRead - opened,
      height: [...heights].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0,
      heights: heights.size,
      lowLatency: samples.some((s) => s.lowLatency === 'true'),
      hlsLatency: samples.map((s) => s.hlsLatency).filter((s) => Number.isFinite(s)),
      targetLatency: samples.map((s) => s.targetLatency).filter((s) => Number.isFinite(s)),
    }
  } finally {
    await context.close()
  }
}
