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

describe('gacha in Chromium', () => {
  it('draws once and ten times: the odds are shown, the prizes appear, the header gold drops', async () => {
    const page = viewer.page
    await logIn(page)
    await page.goto(base() + '/lottery/list')
    await page.getByRole('heading', { level: 1, name: 'ガチャ一覧' }).waitFor()
    await page.getByRole('link', { name: 'きらめきガチャ' }).click()
    await page.getByRole('heading', { level: 1, name: 'きらめきガチャ' }).waitFor()
    const odds = page.getByRole('table', { name: '提供割合' })
    await odds.getByRole('row').nth(1).waitFor()
    const shown = await odds.locator('.odds__value').allTextContents()
    expect(shown.length).toBe(5)
    expect(shown.reduce((sum, p) => sum + Number(p.replace('%', '')), 0)).toBeCloseTo(100, 5)

    const gold = page.getByTestId('header-gold')
    const before = number(await gold.textContent())
    expect(before).toBeGreaterThanOrEqual(550)

    await page.getByRole('button', { name: '1回引く（50 ゴールド）' }).click()
    const confirm = page.getByRole('dialog', { name: 'ガチャを引きますか？' })
    expect(number(await confirm.getByTestId('gacha-cost').textContent())).toBe(50)
    await confirm.getByRole('button', { name: '引く', exact: true }).click()
    // The reveal can be skipped.
    await page.getByRole('button', { name: 'スキップ' }).click()
    const result = page.getByRole('dialog', { name: 'ガチャの結果' })
    await expect.poll(() => result.getByRole('listitem').count()).toBe(1)
    await expect.poll(async () => number(await gold.textContent())).toBe(before - 50)
    await result.getByRole('button', { name: '閉じる' }).last().click()

    await page.getByRole('button', { name: '10回引く（500 ゴールド）' }).click()
    await page
      .getByRole('dialog', { name: 'ガチャを引きますか？' })
      .getByRole('button', { name: '引く', exact: true })
      .click()
    // Unskipped, the reveal ends by itself.
    await expect.poll(() => result.getByRole('listitem').count(), { timeout: 10_000 }).toBe(10)
    expect(number(await gold.textContent())).toBe(before - 550)
    expect(number(await page.getByTestId('gacha-balance').textContent())).toBe(before - 550)
    await result.getByRole('button', { name: '閉じる' }).last().click()

    await page.getByRole('link', { name: 'ガチャ履歴' }).click()
    const history = page.getByRole('list', { name: 'ガチャ履歴' })
    await history.getByText('10回・500 ゴールド').waitFor()
    await history.getByText('1回・50 ゴールド').waitFor()
    expect(viewer.errors).toEqual([])
  })

  it('ad reward: from /lottery/ad_reward to the ad, which must play through before the draw', async () => {
    const page = viewer.page
    await logIn(page)
    await page.goto(base() + '/lottery/ad_reward?from=e2e')
    await page.waitForURL(/\/lottery\/ad_reward\/\d+\?from=e2e$/)
    await page.getByTestId('gacha-remaining').getByText('本日あと3回視聴できます').waitFor()
    await page.getByRole('button', { name: '広告を見てガチャを引く' }).click()
    await page.waitForURL(/\/lottery\/ad_reward\/[\w-]+\/watch$/)
    const countdown = page.getByRole('timer')
    await countdown.getByText(/^あと[1-6]秒$/).waitFor()
    // No draw while the ad plays.
    expect(await page.getByRole('button', { name: 'ガチャを引く' }).count()).toBe(0)
    const draw = page.getByRole('button', { name: 'ガチャを引く' })
    await draw.waitFor({ timeout: 20_000 })
    await draw.click()
    const prizes = page.getByRole('list', { name: 'ガチャの結果' })
    await expect.poll(() => prizes.getByRole('listitem').count()).toBe(1)
    await page.getByRole('link', { name: '広告ガチャへ戻る' }).click()
    await page.getByTestId('gacha-remaining').getByText('本日あと2回視聴できます').waitFor()
    expect(viewer.errors).toEqual([])
  })
})
