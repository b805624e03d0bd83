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
  const { server, browser } = await startBenchSite()
  const times: number[] = []
  try {
    for (let i = 0; i < tries; i++) {
      const context = await browser.newContext({ locale: 'ja-JP' })
      const page = await context.newPage()
      await page.goto(`${server.url}/r/kirari_hoshino`, { waitUntil: 'commit' })
      // performance.now() counts from the navigation's start.
      const at = await page.evaluate<number>(FIRST_FRAME)
      times.push(at)
      await context.close()
    }
  } finally {
    await browser.close()
    await server.close()
  }
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
    ],
  }
}
