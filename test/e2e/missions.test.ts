import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

let viewer: Session
beforeEach(async () => {
  viewer = await openBrowser()
})
afterEach(async () => {
  await viewer.close()
})

const base = () => inject('baseUrl')
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

describe('missions in Chromium', () => {
  it('a viewer comments until the daily comment mission completes, is told, receives the stars, and the gift panel holds them', async () => {
    const page = viewer.page
    // An account no other browser test comments with: its missions start from nothing.
    await logIn(page, 'demo_organizer')
    const polled = page.waitForResponse((r) => r.url().includes('/api/live/polling'))
    await page.goto(base() + '/r/vtuber_mikan')
    await polled

    await page
      .getByRole('button', { name: /ミッション/ })
      .first()
      .click()
    const card = page
      .getByTestId('mission')
      .filter({ hasText: /のうちにコメントを3回しよう/ })
      .first()
    const count = card.getByTestId('mission-count')
    await count.waitFor()
    const [done = 0, target = 3] = ((await count.textContent()) ?? '').split('/').map(number)
    expect(target).toBe(3)

    const box = page.getByRole('textbox', { name: 'コメント' })
    for (let i = done; i < target; i++) {
      await box.fill(`ミッション${i + 1}回目`)
      await page.getByRole('button', { name: '送信' }).click()
      await expect.poll(() => box.inputValue()).toBe('')
    }
    await page.getByText('ミッションを達成しました！').first().waitFor()
    const receive = card.getByRole('button', { name: '受け取る' })
    await receive.waitFor()

    // The reward is ten red stars: the gift panel's count grows by them.
    const star = page
      .getByRole('region', { name: 'ギフト' })
      .getByRole('button', { name: /^赤いスター 残り \d+$/ })
    const before = number(await star.textContent())
    await receive.click()
    await page.getByText('赤いスター×10を受け取りました').waitFor()
    await expect.poll(async () => number(await star.textContent())).toBe(before + 10)
    await card.getByText('3 / 10').waitFor()
    expect(viewer.errors).toEqual([])
  })
})
