import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

let viewer: Session
let watcher: Session
beforeEach(async () => {
  ;[viewer, watcher] = await Promise.all([openBrowser(), openBrowser()])
})
afterEach(async () => {
  await Promise.all([viewer.close(), watcher.close()])
})

const base = () => inject('baseUrl')

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

describe('gifts in Chromium', () => {
  it('a viewer sends a free and a paid gift; the gold drops by the price; another viewer sees both on the stage and in the log', async () => {
    const page = viewer.page
    await logIn(page)
    await Promise.all([
      page.goto(base() + '/r/talk_tanaka'),
      watcher.page.goto(base() + '/r/talk_tanaka'),
    ])
    // The watcher's push socket is subscribed before anything is sent.
    await watcher.page.locator('[data-push="connected"]').waitFor()
    const panel = page.getByRole('region', { name: 'ギフト' })
    const wallet = panel.getByTestId('gift-wallet')
    await wallet.waitFor()
    const goldBefore = number(await wallet.textContent())
    expect(goldBefore).toBeGreaterThan(3)

    // A free star: no confirmation, the stock goes down by one.
    const star = panel.getByRole('button', { name: /^赤いスター 残り \d+$/ })
    const stockBefore = number(await star.textContent())
    await star.click()
    await panel.getByRole('button', { name: 'ギフトを送る' }).click()
    await expect.poll(async () => number(await star.textContent())).toBe(stockBefore - 1)
    await watcher.page.getByTestId('gift-stage').getByText('デモ視聴者 ×1').waitFor()

    // A paid gift: 3 hearts of 1 pt each, after the confirmation.
    await panel.getByRole('tab', { name: '有料ギフト' }).click()
    await panel.getByRole('button', { name: /^ハート/ }).click()
    await panel.getByRole('spinbutton', { name: '個数' }).fill('3')
    await panel.getByRole('button', { name: 'ギフトを送る' }).click()
    const confirm = page.getByRole('dialog', { name: 'ギフトを送る' })
    await confirm.getByText('「ハート」を3個（3pt）送りますか？').waitFor()
    await confirm.getByRole('button', { name: '送る' }).click()
    await expect.poll(async () => number(await wallet.textContent())).toBe(goldBefore - 3)
    await watcher.page.getByTestId('gift-stage').getByText('デモ視聴者 ×3').waitFor()

    const log = watcher.page.getByTestId('gift-log')
    await log.getByText('デモ視聴者さんがハートを3個').waitFor()
    await log.getByText('デモ視聴者さんが赤いスターを1個').waitFor()
    // The viewer's gifts leave the stage after a few seconds (the demo bots' gifts to the room,
    // 20 a minute over the rooms on air in this suite, come and go beside them).
    await expect
      .poll(
        () =>
          watcher.page.getByTestId('gift-stage').locator('li', { hasText: 'デモ視聴者' }).count(),
        { timeout: 10_000 },
      )
      .toBe(0)
    expect(viewer.errors).toEqual([])
    expect(watcher.errors).toEqual([])
  })
})
