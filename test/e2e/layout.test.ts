import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

/**
 * Every page on a phone (390×844, mobile emulation) and on a laptop (1366×900): nothing wider
 * than the screen, no console error, and on the phone no serious or critical axe violation.
 * Then the room as a phone viewer uses it: a comment from the on-screen box, a gift from the
 * bottom sheet.
 */

const base = () => inject('baseUrl')
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source

/**
 * Pages anyone can open, and those of a logged-in viewer (demo_viewer), the demo liver or the
 * demo organizer.
 */
const PUBLIC = [
  '/',
  '/terms',
  '/licence',
  '/tokusho',
  '/privacypolicy',
  '/logo_guideline',
  '/maintenance',
  '/no/such/page',
  '/lottery/list',
  '/lottery/1',
  '/lottery/ad_reward/4',
  '/lottery/ad_reward/maintenance',
  '/povo_ec',
  '/povo_ec/1',
  '/povo_ec/1/101',
  '/reset_password/sms',
  '/r/aoi_music',
  '/lite/aoi_music',
  '/r/demo_liver_room/ec_items',
  '/event/kirari_winter_cup',
  '/event/kirari_newyear_stage',
  '/event/confirmation/2',
  '/dev/flows',
  '/dev/outbox',
  '/en/terms',
  '/mission',
  '/search?keyword=%E3%81%9D%E3%82%89',
]
const VIEWER = [
  '/mypage',
  '/lottery/history',
  '/payment/time_limited_pack',
  '/povo_ec/1/101/shipping',
  '/mission',
  '/follow',
  '/notice',
]
const LIVER = [
  '/r/demo_liver_room',
  '/r/demo_liver_room/edit_ec_items_for_room_owner',
  '/event/confirmation/2',
]
const ORGANIZER = ['/lp/toranomaki/event_sample/1', '/organizer/events']

interface Problem {
  path: string
  problem: string
}

/** Opens `path` and reports what does not fit: overflow, console errors, axe findings. */
async function check(session: Session, path: string, axe: boolean): Promise<Problem[]> {
  const { page } = session
  session.errors.length = 0
  await page.goto(base() + path)
  await page.locator('main h1, main [aria-busy="false"], main section').first().waitFor()
  await page.waitForLoadState('networkidle')
  const problems: Problem[] = []
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    // What sticks out, outside any box that scrolls sideways on purpose.
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .filter((e) => !e.parentElement?.closest('[data-scrolls-x], .comment-box__chips'))
      .slice(0, 3)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${e.className} → ${Math.round(e.getBoundingClientRect().right)} px`,
      )
  })
  if (wide.length > 0)
    problems.push({
      path,
      problem: `wider than ${page.viewportSize()?.width} px: ${wide.join(', ')}`,
    })
  // The demo's video can fail to start before the first segment exists; nothing else may log.
  for (const error of session.errors) problems.push({ path, problem: `console: ${error}` })
  if (axe) for (const v of await axeViolations(page)) problems.push({ path, problem: v })
  return problems
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated over the debugging protocol: the page's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<AxeResult> } }).axe
    interface AxeResult {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>
    }
    const result = await axe.run({ resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `axe ${v.impact ?? ''} ${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      )
  })
}

describe('every page fits a phone and a laptop', () => {
  let phone: Session
  let laptop: Session
  beforeAll(async () => {
    phone = await openBrowser({ phone: true })
    laptop = await openBrowser()
    await laptop.page.setViewportSize({ width: 1366, height: 900 })
  })
  afterAll(async () => {
    await phone.close()
    await laptop.close()
  })

  it('public pages', async () => {
    const problems: Problem[] = []
    for (const path of PUBLIC) {
      problems.push(...(await check(phone, path, true)), ...(await check(laptop, path, false)))
    }
    expect(problems).toEqual([])
  }, 240_000)

  it("a viewer's and a liver's pages", async () => {
    const problems: Problem[] = []
    await logIn(phone.page)
    await logIn(laptop.page)
    for (const path of VIEWER) {
      problems.push(...(await check(phone, path, true)), ...(await check(laptop, path, false)))
    }
    const liver = await openBrowser({ phone: true })
    await logIn(liver.page, 'demo_liver')
    for (const path of LIVER) problems.push(...(await check(liver, path, true)))
    await liver.close()
    const organizer = await openBrowser({ phone: true })
    await logIn(organizer.page, 'demo_organizer')
    for (const path of ORGANIZER) problems.push(...(await check(organizer, path, true)))
    await organizer.close()
    expect(problems).toEqual([])
  }, 180_000)
})

describe('the room on a phone', () => {
  it('a viewer comments from the on-screen box and sends a star from the bottom sheet', async () => {
    const session = await openBrowser({ phone: true })
    const { page } = session
    try {
      await logIn(page)
      await page.goto(base() + '/r/model_rin')
      await page.locator('[data-push="connected"]').waitFor()
      // The video spans the width at 16:9.
      const video = await page.getByTestId('room-video').boundingBox()
      expect(video?.width).toBe(390)
      expect(Math.round((video?.height ?? 0) * 16)).toBe(Math.round(390 * 9))

      const box = page.getByRole('textbox', { name: 'コメント' })
      await box.tap()
      await box.fill('スマホから こんばんは')
      await page.getByRole('button', { name: '送信', exact: true }).tap()
      await page
        .getByRole('list', { name: 'コメント' })
        .getByText('スマホから こんばんは')
        .waitFor()
      await expect.poll(() => box.inputValue()).toBe('')

      // The panel is a sheet below the screen until the viewer opens it.
      const panel = page.getByRole('region', { name: 'ギフト' })
      const sheet = page.locator('#gift-sheet')
      const shown = () => sheet.evaluate((e) => getComputedStyle(e).visibility)
      expect(await shown()).toBe('hidden')
      await page.getByRole('button', { name: 'ギフト', exact: true }).tap()
      await expect.poll(shown).toBe('visible')
      const star = panel.getByRole('button', { name: /^赤いスター 残り \d+$/ })
      const stock = Number((await star.getAttribute('aria-label'))?.replace(/\D/g, ''))
      await star.tap()
      await panel.getByRole('button', { name: 'ギフトを送る' }).tap()
      await expect
        .poll(async () => Number((await star.getAttribute('aria-label'))?.replace(/\D/g, '')))
        .toBe(stock - 1)
      await page.getByTestId('gift-log').getByText('デモ視聴者さんが赤いスターを1個').waitFor()
      await sheet.getByRole('button', { name: '閉じる' }).tap()
      await expect.poll(shown).toBe('hidden')
      expect(session.errors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
