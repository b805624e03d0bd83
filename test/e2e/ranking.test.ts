import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { GenreRankingAnswer } from '../../src/contract/ranking.ts'
import { logIn, openBrowser, type Session } from './browser.ts'

let session: Session
beforeEach(async () => {
  session = await openBrowser({ phone: true })
})
afterEach(async () => {
  await session.close()
})

const base = () => inject('baseUrl')

describe('rankings and grades in Chromium', () => {
  it('a viewer switches the genre and the period of /ranking and opens a room from it', async () => {
    const { page } = session
    const ranking = async (path: string) =>
      (await (
        await page.request.get(`${base()}/api/genre_ranking/${path}`)
      ).json()) as GenreRankingAnswer
    // The rows shown are the ones the server answered the page's own request with (the demo
    // bots move scores, so a second read a moment later may rank differently).
    const shown = () => page.getByTestId('ranking-list').locator('li a').allTextContents()
    const answered = (path: string) =>
      page.waitForResponse(
        (r) =>
          r.request().method() === 'GET' &&
          new URL(r.url()).pathname.startsWith(`/api/genre_ranking/${path}`),
      )
    const expectRows = async (answer: ReturnType<typeof answered>) => {
      const server = (await (await answer).json()) as GenreRankingAnswer
      expect(server.ranking.length).toBeGreaterThan(0)
      await expect
        .poll(async () => (await shown()).join('|'))
        .toBe(server.ranking.map((r) => r.room_name).join('|'))
    }

    const daily = answered('all/daily')
    await page.goto(`${base()}/ranking`)
    await expectRows(daily)
    const idol = (await ranking('all/daily')).ranking.find((r) => r.genre_name === 'アイドル')
    expect(idol).toBeDefined()

    const idolDaily = answered('102/daily')
    await page
      .getByRole('navigation', { name: 'ジャンル' })
      .getByRole('link', { name: 'アイドル' })
      .click()
    await page.waitForURL(/\/ranking\?genre=102$/)
    await expectRows(idolDaily)
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'ジャンル' })
          .getByRole('link', { name: 'アイドル' })
          .getAttribute('aria-current'),
      )
      .toBe('page')

    const idolMonthly = answered('102/monthly')
    await page.getByRole('navigation', { name: '期間' }).getByRole('link', { name: '月間' }).click()
    await page.waitForURL(/\/ranking\?genre=102&period=monthly$/)
    await expectRows(idolMonthly)
    // The period's first day in Tokyo, as the server counts it (the 1st of the month here).
    const monthly = await ranking('102/monthly')
    await expect
      .poll(() => page.getByTestId('ranking-since').textContent())
      .toBe(`${monthly.starts_on.replaceAll('-', '/')}から集計（日本時間）`)

    // The owner's badge beside the room, in the ranking and on the room's page.
    // (The demo's idol room is an official one: it has a badge.)
    expect(idol?.badge).toBeGreaterThan(0)
    const badge = String(idol?.badge ?? 0)
    const row = page.locator(`[data-room-id="${idol?.room_id ?? 0}"]`)
    expect(await row.getByTestId('badge').getAttribute('data-badge')).toBe(badge)
    await row.getByRole('link', { name: idol?.room_name ?? '' }).click()
    await page.waitForURL(`${base()}/r/${idol?.room_url_key ?? ''}`)
    await page.getByRole('heading', { name: idol?.main_name ?? '' }).waitFor()
    const roomBadge = page.locator('.room__name').getByTestId('badge')
    expect(await roomBadge.getAttribute('data-badge')).toBe(badge)
    expect(session.errors).toEqual([])
  })

  it('an owner opens /room/show_grade from /mypage and sees the countdown to the aggregation', async () => {
    const { page } = session
    await logIn(page, 'demo_liver')
    await page.goto(`${base()}/mypage`)
    await page.getByRole('link', { name: 'ルームグレード' }).click()
    await page.waitForURL(`${base()}/room/show_grade`)
    const countdown = page.getByTestId('grade-countdown')
    await countdown.waitFor()
    const first = await countdown.textContent()
    expect(first).toMatch(/^次の集計まで \d+日 \d\d:\d\d:\d\d$/)
    // It ticks each second, down.
    await expect.poll(() => countdown.textContent(), { timeout: 3_000 }).not.toBe(first)
    const seconds = (text: string | null) => {
      const [, d = '0', h = '0', m = '0', s = '0'] =
        /(\d+)日 (\d\d):(\d\d):(\d\d)/.exec(text ?? '') ?? []
      return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s)
    }
    expect(seconds(await countdown.textContent())).toBeLessThan(seconds(first))
    await expect(page.getByTestId('grade-score').textContent()).resolves.toMatch(/今週のスコア/)
    await page.getByTestId('grade-meter').waitFor()
    expect(session.errors).toEqual([])
  })
})
