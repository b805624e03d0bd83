import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

// One logged-in viewer for the whole file: logins are rate-limited per account and address,
// and the other suites log the demo accounts in too.
let viewer: Session
beforeAll(async () => {
  viewer = await openBrowser()
  await logIn(viewer.page)
})
afterAll(async () => {
  await viewer.close()
})

const base = () => inject('baseUrl')
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

/** The sandbox provider's hosted page: it shows the order, then takes one of its three buttons. */
async function decideAtSandbox(page: Page, outcome: 'pay' | 'cancel' | 'fail', title: string) {
  await page.waitForURL(/\/payment\/sandbox\/[\w-]+$/)
  await page.getByText(title).first().waitFor()
  const label = { pay: '支払う', cancel: 'キャンセル', fail: '決済を失敗させる' }[outcome]
  await page.getByRole('button', { name: label, exact: true }).click()
}

describe('the povo shop in Chromium', () => {
  it('buys a SIM plan: shipping errors keep the form, the sandbox pays, the success page and the gold follow', async () => {
    const page = viewer.page
    await page.goto(base() + '/')
    const gold = page.getByTestId('header-gold')
    const before = number(await gold.textContent())

    await page.goto(base() + '/povo_ec')
    await page.getByRole('heading', { level: 1, name: 'povoショップ' }).waitFor()
    await page.getByTestId('package-1').first().getByRole('link', { name: 'プランを見る' }).click()
    await page.getByRole('heading', { level: 1, name: 'povo2.0 SIM スターターパック' }).waitFor()
    await page.getByTestId('plan-101').getByRole('link', { name: 'このプランを選ぶ' }).click()
    await page.getByRole('heading', { level: 1, name: 'SIM ＋ 1,000ゴールド' }).waitFor()
    await page.getByRole('button', { name: '購入手続きへ' }).click()

    await page.waitForURL(/\/povo_ec\/1\/101\/shipping$/)
    await page.getByLabel('お名前').fill('山田 花子')
    await page.getByLabel('郵便番号').fill('150-001')
    await page.getByLabel('都道府県').selectOption('東京都')
    await page.getByLabel('市区町村').fill('渋谷区')
    await page.getByLabel('番地').fill('神宮前1-2-3')
    await page.getByLabel('電話番号').fill('090-1234-5678')
    await page.getByRole('button', { name: '確認へ進む' }).click()
    await page.getByText(/郵便番号は7桁の数字/).waitFor()
    // Back and forth loses nothing typed.
    await page.getByRole('button', { name: '戻る' }).click()
    await page.waitForURL(/\/povo_ec\/1\/101$/)
    await page.goBack()
    await page.waitForURL(/\/shipping$/)
    expect(await page.getByLabel('お名前').inputValue()).toBe('山田 花子')
    await page.getByLabel('郵便番号').fill('１５００００１')
    await page.getByRole('button', { name: '確認へ進む' }).click()

    await page.waitForURL(/\/shipping\/confirm$/)
    const summary = page.getByTestId('shipping-summary')
    await summary.getByText(/〒150-0001 東京都渋谷区神宮前1-2-3/).waitFor()
    // A reload in the middle comes back to the same step.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'ご注文内容の確認' }).waitFor()
    await page.getByRole('button', { name: '支払いへ進む' }).click()

    await decideAtSandbox(page, 'pay', 'SIM ＋ 1,000ゴールド')
    await page.waitForURL(/\/povo_ec\/payment\/success\?order_id=o_/)
    await page.getByRole('heading', { level: 1, name: 'ご購入ありがとうございました' }).waitFor()
    await expect.poll(async () => number(await gold.textContent())).toBe(before + 1000)
    expect(viewer.errors).toEqual([])
  })

  it('a payment cancelled at the provider cancels the order and charges nothing', async () => {
    const page = viewer.page
    await page.goto(base() + '/')
    const gold = page.getByTestId('header-gold')
    const before = number(await gold.textContent())
    await page.goto(base() + '/povo_ec/2/201')
    await page.getByRole('button', { name: '購入手続きへ' }).click()
    // A digital plan needs no address.
    await page.waitForURL(/\/povo_ec\/2\/201\/shipping\/confirm$/)
    await page.getByRole('button', { name: '支払いへ進む' }).click()
    await decideAtSandbox(page, 'cancel', '500ゴールド')
    await page.waitForURL(/\/povo_ec\/payment\/cancel\?order_id=o_/)
    await page.getByRole('heading', { level: 1, name: 'お支払いをキャンセルしました' }).waitFor()
    expect(number(await gold.textContent())).toBe(before)
    // Trying again makes a new order that can be paid.
    await page.getByRole('link', { name: 'もう一度購入する' }).click()
    await page.getByRole('button', { name: '購入手続きへ' }).click()
    await page.getByRole('button', { name: '支払いへ進む' }).click()
    await decideAtSandbox(page, 'pay', '500ゴールド')
    await page.getByRole('heading', { level: 1, name: 'ご購入ありがとうございました' }).waitFor()
    await expect.poll(async () => number(await gold.textContent())).toBe(before + 500)
    expect(viewer.errors).toEqual([])
  })

  it('the time-limited pack counts down; a failed payment shows the error page and the offer stays', async () => {
    const page = viewer.page
    await page.goto(base() + '/payment/time_limited_pack')
    const countdown = page.getByTestId('pack-countdown')
    await countdown.waitFor()
    const first = await countdown.textContent()
    expect(first).toMatch(/\d{2}:\d{2}:\d{2}/)
    await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(first)
    await page.getByRole('button', { name: /で購入する$/ }).click()
    await decideAtSandbox(page, 'fail', 'はじめての特別パック')
    await page.waitForURL(/\/povo_ec\/payment\/error\?order_id=o_/)
    await page.getByRole('heading', { level: 1, name: 'お支払いに失敗しました' }).waitFor()
    await page.getByRole('link', { name: 'もう一度購入する' }).click()
    await page.getByTestId('pack-countdown').waitFor()
    expect(viewer.errors).toEqual([])
  })
})

describe('a room item shop in Chromium', () => {
  it('the owner adds an item and a viewer buys it; both see the purchase in the logs', async () => {
    const liver = await openBrowser()
    const owner = liver.page
    await logIn(owner, 'demo_liver')
    await owner.goto(base() + '/r/demo_liver_room/edit_ec_items_for_room_owner')
    await owner.getByRole('heading', { level: 1, name: 'アイテムショップの編集' }).waitFor()
    await owner.getByRole('button', { name: '商品を追加' }).click()
    const name = `E2Eボイス ${Date.now() % 100000}`
    await owner.getByLabel('商品名').fill(name)
    await owner.getByLabel('説明').fill('お名前を呼ぶボイスメッセージ')
    await owner.getByLabel('カテゴリ').selectOption({ label: 'ボイス' })
    await owner.getByLabel(/^価格/).fill('50')
    await owner.getByLabel(/^在庫/).fill('3')
    await owner.getByRole('button', { name: '保存する' }).click()
    await owner.getByText(/価格は100円から100,000円/).waitFor()
    expect(await owner.getByLabel('商品名').inputValue()).toBe(name)
    await owner.getByLabel(/^価格/).fill('800')
    await owner.getByRole('button', { name: '保存する' }).click()
    const row = owner.getByRole('row').filter({ hasText: name })
    await row.waitFor()
    expect(await row.textContent()).toContain('公開中')

    {
      // The viewer buys two.
      const page = viewer.page
      await page.goto(base() + '/r/demo_liver_room/ec_items')
      const card = page.getByRole('listitem').filter({ hasText: name })
      await card.waitFor()
      await card.getByRole('button', { name: '購入する' }).click()
      const dialog = page.getByRole('dialog', { name: '購入内容の確認' })
      await dialog.getByLabel('数量').selectOption('2')
      await dialog.getByTestId('ec-total').getByText(/1,600/).waitFor()
      await dialog.getByRole('button', { name: '支払いへ進む' }).click()
      await decideAtSandbox(page, 'pay', name)
      await page.getByRole('heading', { level: 1, name: 'ご購入ありがとうございました' }).waitFor()
      await page.getByRole('link', { name: '買い物を続ける' }).click()
      await page.waitForURL(/\/r\/demo_liver_room\/ec_items$/)
      await page.getByTestId('ec-logs').getByText(name).waitFor()
      await card.getByText('残り1点').waitFor()
      expect(viewer.errors).toEqual([])
    }

    await owner.reload()
    const cells = owner.getByRole('row').filter({ hasText: name }).getByRole('cell')
    // Stock 3 − 2 and 2 sold.
    await expect.poll(() => cells.nth(2).textContent()).toBe('1')
    expect(await cells.nth(3).textContent()).toBe('2')
    // The owner hides it: the shop no longer lists it.
    await owner
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: '非公開にする' })
      .click()
    await owner.getByRole('row').filter({ hasText: name }).getByText('非公開').waitFor()
    await owner.goto(base() + '/r/demo_liver_room/ec_items')
    await owner.getByRole('heading', { level: 1 }).waitFor()
    await owner.getByTestId('ec-logs').getByText(name).waitFor()
    // The list is loaded again on the way in; the hidden item leaves it.
    await expect
      .poll(() => owner.getByRole('listitem').filter({ hasText: '残り1点' }).count())
      .toBe(0)
    expect(liver.errors).toEqual([])
    await liver.close()
  })
})
