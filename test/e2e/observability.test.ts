import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import type { ErrorGroupsAnswer } from '../../src/contract/dev.ts'
import type { VitalsAnswer } from '../../src/contract/vitals.ts'
import { openBrowser } from './browser.ts'

const base = () => inject('baseUrl')

async function errorGroups(): Promise<ErrorGroupsAnswer> {
  return (await (await fetch(`${base()}/dev/api/errors`)).json()) as ErrorGroupsAnswer
}

/** Polls `read` until `done` holds (the SDK and the beacons send in their own time). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** A TypeError thrown outside any handler: it reaches window.onerror, as a bug's would. */
const throwTypeError = (page: Page, marker: string) =>
  page.evaluate((m) => {
    setTimeout(() => {
      throw new TypeError(`kirari e2e ${m} is not a function`)
    })
  }, marker)

/** Letters only: the collector groups messages with their numbers taken out. */
const letters = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  )

describe('what goes wrong, and what viewers experience, reaches the operators', () => {
  it('a runtime error in the page is reported, and the same error again joins its group', async () => {
    const session = await openBrowser()
    const { page } = session
    const marker = letters()
    const ours = async () => (await errorGroups()).groups.filter((g) => g.title.includes(marker))
    try {
      // The same error on two pages (the SDK sends a repeated error once per page).
      for (const [i, path] of ['/ranking', '/lottery/list'].entries()) {
        await page.goto(base() + path)
        await page.locator('main h1').first().waitFor()
        await throwTypeError(page, marker)
        // The SDK loads once the page is idle, then sends what was thrown before.
        await until(ours, (g) => (g[0]?.count ?? 0) > i)
      }
      const groups = await ours()
      expect(groups).toHaveLength(1)
      expect(groups[0]).toMatchObject({ source: 'client', count: 2, level: 'error' })
      expect(groups[0]?.title).toContain('TypeError')
    } finally {
      await session.close()
    }
  })

  it("the room reports its first video frame's time", async () => {
    const session = await openBrowser({ phone: true })
    const { page } = session
    const ttff = async () => {
      const answer = (await (await fetch(`${base()}/dev/api/vitals`)).json()) as VitalsAnswer
      return answer.vitals.find((v) => v.route === '/r/$roomUrlKey' && v.metric === 'TTFF')
    }
    try {
      const before = (await ttff())?.count ?? 0
      await page.goto(base() + '/r/model_rin')
      // A frame of the live is on screen (the page's own watch saw the first one).
      await page
        .locator('video')
        .evaluate(
          (video: HTMLVideoElement) =>
            new Promise<void>((shown) => video.requestVideoFrameCallback(() => shown())),
          undefined,
          { timeout: 20_000 },
        )
      // Leaving the page sends what waits.
      await page.evaluate(() => dispatchEvent(new Event('pagehide')))
      const after = await until(ttff, (v) => (v?.count ?? 0) > before)
      expect(after?.count).toBe(before + 1)
      expect(after?.p50).toBeGreaterThan(0)
    } finally {
      await session.close()
    }
  }, 40_000)
})
