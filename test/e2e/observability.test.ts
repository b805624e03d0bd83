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

/** A TypeError thrown by the page's own code, outside any handler (it reaches window.onerror). */
const throwTypeError = (page: Page, marker: string) =>
  page.evaluate((m) => {
    setTimeout(() => {
      // Nothing is called `m` on the page: reading `go` of it is the TypeError.
      const missing = Reflect.get(window, m) as { go: () => void }
      missing.go()
    })
  }, marker)

describe('what goes wrong, and what viewers experience, reaches the operators', () => {
  it('a runtime error in the page is reported once per throw and grouped', async () => {
    const session = await openBrowser()
    const { page } = session
    const marker = `e2e_${Date.now().toString(36)}`
    try {
      await page.goto(base() + '/ranking')
      await page.locator('main h1').first().waitFor()
      await throwTypeError(page, marker)
      await throwTypeError(page, marker)
      const answer = await until(errorGroups, (a) =>
        a.groups.some((g) => g.title.includes(marker) && g.count >= 2),
      )
      const groups = answer.groups.filter((g) => g.title.includes(marker))
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
      // Playing: the first frame is on screen.
      await page.waitForFunction(
        () => {
          const video = document.querySelector('video')
          return video !== null && video.currentTime > 0
        },
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
