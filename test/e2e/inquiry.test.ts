import { describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'

const base = () => inject('baseUrl')

describe('an inquiry in Chromium', () => {
  it('an anonymous visitor sends one through the three steps; the receipt is in the outbox', async () => {
    const session = await openBrowser({ phone: true })
    const { page } = session
    try {
      await page.goto(base() + '/inquiry')
      await page.getByRole('radio', { name: 'お支払い・ショップ' }).check()
      await page.getByRole('button', { name: '次へ' }).tap()
      await page.waitForURL(/\/inquiry\/post$/)
      const mail = page.getByRole('textbox', { name: '返信先メールアドレス' })
      await mail.fill('e2e-inquiry@example.jp')
      await page
        .getByRole('textbox', { name: 'お問い合わせ内容' })
        .fill('購入したゴールドが見当たりません。')
      await page.getByRole('button', { name: '確認画面へ' }).tap()
      await page.waitForURL(/\/inquiry\/confirm$/)
      await page.getByText('購入したゴールドが見当たりません。').waitFor()
      // Back to fix: the text is still there.
      await page.getByRole('button', { name: '修正する' }).tap()
      await page.waitForURL(/\/inquiry\/post$/)
      expect(await mail.inputValue()).toBe('e2e-inquiry@example.jp')
      await page.getByRole('button', { name: '確認画面へ' }).tap()
      await page.getByRole('button', { name: '送信する' }).tap()
      const receipt = page.getByTestId('inquiry-receipt')
      await receipt.waitFor()
      const number = (await receipt.textContent())?.replace('#', '') ?? ''
      expect(number).toMatch(/^\d+$/)

      // The demo's outbox holds the receipt to the sender, with its number.
      await page.goto(base() + '/dev/outbox')
      await page.getByText(`お問い合わせを受け付けました（#${number}）`).first().waitFor()
      expect(session.errors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
