import { startBenchSite } from './site.ts'
import type { BenchResult } from './report.ts'

const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 1000)
const MB = 1024 * 1024

interface PageStats {
  frames: number[]
  longTasks: number[]
  maxRows: number
}

/** Counts frame intervals, long tasks and the most comment rows seen at any frame. */
const PAGE_HOOKS = `(() => {
  const stats = { frames: [], longTasks: [], maxRows: 0, running: true, last: 0 }
  window.__bench = stats
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) stats.longTasks.push(entry.duration)
  }).observe({ type: 'longtask' })
  const list = document.querySelector('[data-testid="comment-list"]')
  const frame = (time) => {
    if (stats.last) stats.frames.push(time - stats.last)
    stats.last = time
    stats.maxRows = Math.max(stats.maxRows, list ? list.childElementCount : 0)
    if (stats.running) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})()`

const READ_STATS = `(() => {
  const b = window.__bench
  if (!b) throw new Error('bench hooks missing')
  b.running = false
  return { frames: b.frames, longTasks: b.longTasks, maxRows: b.maxRows }
})()`

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/**
 * 1,000 comments a second pushed through the real push socket (the server's hub, its WebSocket,
 * the page's push socket, the comment stream, React) into a room page in Chromium, while the page
 * counts its frame intervals, long tasks and comment rows; the heap is read before and after.
 */
export async function benchRoomComments(options: { quick: boolean }): Promise<BenchResult> {
  const seconds = options.quick ? 3 : 10
  const { server, browser } = await startBenchSite()
  try {
    const live = await server.database.db
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .select(['lives.bcsvr_key'])
      .where('rooms.room_url_key', '=', 'kirari_hoshino')
      .where('lives.ended_at', 'is', null)
      .executeTakeFirstOrThrow()
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' })
    const cdp = await page.context().newCDPSession(page)
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      const usage = await cdp.send('Runtime.getHeapUsage')
      return usage.usedSize / MB
    }

    await page.goto(`${server.url}/r/kirari_hoshino`)
    await page.getByTestId('comment-list').waitFor()
    await page.getByTestId('room-video').waitFor()
    // Until the socket has subscribed, published comments go nowhere.
    for (let i = 0; i < 100 && server.hub.subscriberCount(live.bcsvr_key) === 0; i++) {
      await page.waitForTimeout(50)
    }
    await page.waitForTimeout(2000)
    const heapBefore = await heapMb()

    // A string, not a function: tsx would add helpers the page does not have.
    await page.evaluate(PAGE_HOOKS)

    // Half way the viewer scrolls up (comments are stocked and the visible count grows); at
    // three quarters the 'new comments' button brings them back to the latest.
    const list = page.getByTestId('comment-list')
    const phases = (async () => {
      await page.waitForTimeout((seconds * 1000) / 2)
      await list.evaluate((el) => el.scrollTo({ top: 0 }))
      await page.waitForTimeout((seconds * 1000) / 4)
      await page.getByRole('button', { name: '新しいコメントがあります' }).click()
    })()

    // Publish at the rate, catching up with the clock every 10 ms.
    const total = RATE_PER_SECOND * seconds
    let sent = 0
    const started = performance.now()
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(
          total,
          Math.floor(((performance.now() - started) / 1000) * RATE_PER_SECOND),
        )
        for (; sent < due; sent++) {
          server.hub.publish(live.bcsvr_key, {
            ua: 0,
            av: sent % 8,
            d: 0,
            ac: `ベンチ${sent % 200}`,
            cm: `コメント ${sent}`,
            created_at: Math.floor(Date.now() / 1000),
            u: 10_000 + (sent % 200),
            at: 0,
            t: '1',
          })
        }
        if (sent >= total) {
          clearInterval(tick)
          resolve()
        }
      }, 10)
    })
    const publishedMs = performance.now() - started
    await phases
    const lastText = `コメント ${total - 1}`
    await page
      .getByTestId('comment-list')
      .getByText(lastText, { exact: true })
      .waitFor({ timeout: 10_000 })
    const lagMs = performance.now() - started - publishedMs

    const stats = await page.evaluate<PageStats>(READ_STATS)
    const rowsNow = await page.getByTestId('comment').count()
    await page.waitForTimeout(2000)
    const heapAfter = await heapMb()

    return {
      name: 'room-comments-chromium',
      description: `${RATE_PER_SECOND} comments/s for ${seconds} s through the push socket into /r/kirari_hoshino`,
      quick: options.quick,
      at: new Date().toISOString(),
      measures: [
        { name: 'comments pushed', value: total, unit: '' },
        {
          name: 'p95 frame interval',
          value: Number(percentile(stats.frames, 95).toFixed(1)),
          unit: 'ms',
          target: { kind: 'max', value: 20 },
        },
        {
          name: 'p99 frame interval',
          value: Number(percentile(stats.frames, 99).toFixed(1)),
          unit: 'ms',
        },
        {
          name: 'long tasks over 50 ms',
          value: stats.longTasks.length,
          unit: '',
          target: { kind: 'max', value: 0 },
        },
        {
          name: 'longest task',
          value: Number(Math.max(0, ...stats.longTasks).toFixed(0)),
          unit: 'ms',
        },
        {
          name: 'comment rows in the DOM (most at any frame)',
          value: Math.max(stats.maxRows, rowsNow),
          unit: 'rows',
          target: { kind: 'max', value: 100 },
        },
        {
          name: 'last comment on screen after the last push',
          value: Math.round(lagMs),
          unit: 'ms',
        },
        { name: 'heap before', value: Number(heapBefore.toFixed(2)), unit: 'MB' },
        { name: 'heap after', value: Number(heapAfter.toFixed(2)), unit: 'MB' },
        {
          name: 'heap growth',
          value: Number((heapAfter - heapBefore).toFixed(2)),
          unit: 'MB',
          target: { kind: 'max', value: 5 },
        },
      ],
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
