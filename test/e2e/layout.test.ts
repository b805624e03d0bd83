import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

/**
 * Every page on a phone (390×844, mobile emulation) and on a laptop (1366×900): nothing wider
 * than the screen, no console error, and no serious or critical axe violation; the pages viewers
 * land on most also on the narrowest phone (320 px).
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
  '/dev/errors',
  '/dev/vitals',
  '/inquiry',
  '/inquiry/post',
  '/opinion/new',
  '/opinion/complete',
  '/en/terms',
  '/mission',
  '/search?keyword=%E3%81%9D%E3%82%89',
  '/search?tag=%E6%AD%8C%E6%9E%A0',
  '/ranking',
  '/room_memory/2026?room=aoi_music',
  // Issue #22: a campaign in each of two layouts (test/e2e/campaigns.test.ts tours them all),
  // the virtual livers' corner and the hall of rooms on air.
  '/lp/idolcup',
  '/lp/liver-theme',
  '/virtual_liver',
  '/virtual_liver/events',
  '/virtual_liver/ranking',
  '/r/hc',
]
const VIEWER = [
  '/mypage',
  '/lottery/history',
  '/payment/time_limited_pack',
  '/povo_ec/1/101/shipping',
  '/mission',
  '/follow',
  '/notice',
  '/notice/{notice}',
  '/user/medal',
  '/povo_ec/1/101/shipping/confirm',
  '/povo_ec/payment/success?order_id=0',
  '/povo_ec/payment/cancel?order_id=0',
  '/povo_ec/payment/error?order_id=0',
  '/lottery/ad_reward/no_such_watch/watch',
  '/invoice',
  '/invoice/post',
  '/user_avatar',
  '/agree_new_terms',
  '/organizer/register',
  // An adult is told the consent is for accounts under 13 (no redirect).
  '/legal_representative_agreement',
]
const LIVER = [
  '/r/demo_liver_room',
  '/r/demo_liver_room/edit_ec_items_for_room_owner',
  '/event/confirmation/2',
  '/room/medal',
  '/room/show_grade',
  '/room_memory/2026',
  '/jewel_hist/{room}',
  '/room_background',
  '/room/manage/navigator',
]
const ORGANIZER = [
  '/lp/toranomaki/event_sample/1',
  '/organizer/events',
  '/invoice',
  '/organizer/agree_new_terms',
  '/organizer/rooms',
  '/organizer/room/{room}/navigator-permissions',
]

/**
 * Pages walked with an order or a watch that does not exist: their API rightly answers 404 (the
 * browser logs it) and the page's own not-found state is what is laid out.
 */
const MISSING = new Set([
  '/povo_ec/payment/success?order_id=0',
  '/povo_ec/payment/cancel?order_id=0',
  '/povo_ec/payment/error?order_id=0',
  '/lottery/ad_reward/no_such_watch/watch',
])

interface Problem {
  path: string
  problem: string
}

/** Opens `path` and reports what does not fit: overflow, console errors, axe findings. */
async function check(session: Session, path: string): Promise<Problem[]> {
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
  // The header is one row (logo, on-air count, its icons and the menu button) at any width.
  const header = await page.evaluate(() => {
    const e = document.querySelector('.site-header')
    return e && !e.querySelector('.site-menu') ? e.getBoundingClientRect().height : 0
  })
  if (header > 60)
    problems.push({ path, problem: `the header wraps: ${Math.round(header)} px high` })
  if (wide.length > 0)
    problems.push({
      path,
      problem: `wider than ${page.viewportSize()?.width} px: ${wide.join(', ')}`,
    })
  // The demo's video can fail to start before the first segment exists; nothing else may log.
  for (const error of session.errors) {
    if (MISSING.has(path) && error.includes('status of 404')) continue
    problems.push({ path, problem: `console: ${error}` })
  }
  for (const v of await axeViolations(page)) problems.push({ path, problem: v })
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

/** A phone and a laptop, both logged in as `accountId` (or neither). */
async function pair(accountId?: string): Promise<[Session, Session]> {
  const phone = await openBrowser({ phone: true })
  const laptop = await openBrowser()
  await laptop.page.setViewportSize({ width: 1366, height: 900 })
  if (accountId) {
    await logIn(phone.page, accountId)
    await logIn(laptop.page, accountId)
  }
  return [phone, laptop]
}

/** The demo liver's room id (`{room}` in a path), as the room lookup answers it. */
const ownRoomId = (session: Session) =>
  session.page.evaluate(async () => {
    const response = await fetch('/api/room/status?room_url_key=demo_liver_room')
    return ((await response.json()) as { room_id: number }).room_id
  })

/**
 * Each page on both screens; `{notice}` stands for the newest of the user's notices, `{room}`
 * for the demo liver's room.
 */
async function walk(sessions: Session[], paths: string[]): Promise<Problem[]> {
  // The screens walk side by side: most of a page's time is waiting for the network to settle.
  const found = await Promise.all(sessions.map((session) => walkOne(session, paths)))
  return found.flat()
}

async function walkOne(session: Session, paths: string[]): Promise<Problem[]> {
  const problems: Problem[] = []
  const notice = paths.some((p) => p.includes('{notice}'))
    ? await session.page.evaluate(async () => {
        const response = await fetch('/api/notice')
        const answer = response.ok
          ? ((await response.json()) as { notices?: Array<{ id: number }> })
          : null
        return answer?.notices?.[0]?.id ?? null
      })
    : null
  for (const path of paths) {
    if (path.includes('{notice}') && notice === null) {
      problems.push({ path, problem: 'the user has no notice to open' })
      continue
    }
    const room = path.includes('{room}') ? await ownRoomId(session) : null
    const opened = path.replace('{notice}', String(notice)).replace('{room}', String(room))
    problems.push(...(await check(session, opened)))
  }
  return problems
}

describe('every page fits a phone and a laptop', () => {
  it('public pages', async () => {
    const sessions = await pair()
    try {
      expect(await walk(sessions, PUBLIC)).toEqual([])
    } finally {
      await Promise.all(sessions.map((s) => s.close()))
    }
  }, 300_000)

  it("a viewer's, a liver's and an organizer's pages", async () => {
    const problems: Problem[] = []
    for (const [account, paths] of [
      ['demo_viewer', VIEWER],
      ['demo_liver', LIVER],
      ['demo_organizer', ORGANIZER],
    ] as const) {
      const sessions = await pair(account)
      try {
        problems.push(...(await walk(sessions, paths)))
      } finally {
        await Promise.all(sessions.map((s) => s.close()))
      }
    }
    expect(problems).toEqual([])
  }, 300_000)
})

/** The pages a viewer lands on most, laid out on the narrowest phone the site supports. */
const NARROWEST = [
  '/',
  '/r/aoi_music',
  '/event/kirari_winter_cup',
  '/ranking',
  '/povo_ec/1/101',
  '/lottery/1',
  '/mission',
]

describe('the narrowest phone (320 px)', () => {
  it('fits, its header in one row, logged out and logged in', async () => {
    const problems: Problem[] = []
    for (const account of [undefined, 'demo_viewer']) {
      const phone = await openBrowser({ phone: true })
      try {
        await phone.page.setViewportSize({ width: 320, height: 640 })
        if (account) await logIn(phone.page, account)
        problems.push(...(await walk([phone], account ? NARROWEST : ['/', '/r/aoi_music'])))
      } finally {
        await phone.close()
      }
    }
    expect(problems).toEqual([])
  }, 120_000)
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
      const count = async () => Number((await star.textContent())?.replace(/\D/g, '') || NaN)
      const stock = await count()
      expect(stock).toBeGreaterThan(0)
      await star.tap()
      await panel.getByRole('button', { name: 'ギフトを送る' }).tap()
      await expect.poll(count).toBe(stock - 1)
      await page.getByTestId('gift-log').getByText('デモ視聴者さんが赤いスターを1個').waitFor()
      await sheet.getByRole('button', { name: '閉じる' }).tap()
      await expect.poll(shown).toBe('hidden')
      expect(session.errors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
