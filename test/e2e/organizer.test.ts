import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

const base = () => inject('baseUrl')

let organizer: Session
let liver: Session
beforeAll(async () => {
  ;[organizer, liver] = await Promise.all([openBrowser({ phone: true }), openBrowser()])
  await Promise.all([logIn(organizer.page, 'demo_organizer'), logIn(liver.page, 'demo_liver')])
})
afterAll(async () => {
  await Promise.all([organizer.close(), liver.close()])
})

describe('an organizer runs an event, a liver enters it', () => {
  it('creates an event (the form keeps what was typed), the liver applies, the organizer approves', async () => {
    const { page } = organizer
    await page.goto(base() + '/organizer/events')
    await page.getByRole('button', { name: '新しいイベントを作る' }).click()
    const name = page.getByLabel('イベント名')
    await name.fill('ブラウザテスト杯')
    // No url key yet: the form says so beside the field and sends nothing.
    await page.getByRole('button', { name: '保存する' }).click()
    const urlKey = page.getByLabel('URLキー（/event/ の後ろ）')
    await expect.poll(() => urlKey.getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => urlKey.evaluate((e) => e === document.activeElement)).toBe(true)
    expect(await name.inputValue()).toBe('ブラウザテスト杯')
    const key = `browser_cup_${Date.now().toString(36)}`
    await urlKey.fill(key)
    await page.getByRole('button', { name: '保存する' }).click()
    const card = page.getByTestId('organizer-event').filter({ hasText: 'ブラウザテスト杯' })
    await card.waitFor()

    // The liver finds it open for entry and applies with the terms agreed.
    const id = (await (
      await liver.page.request.get(`${base()}/api/event/${key}/abstraction`)
    ).json()) as {
      event_id: number
    }
    await liver.page.goto(`${base()}/event/confirmation/${id.event_id}`)
    const apply = liver.page.getByRole('button', { name: 'エントリーする' })
    expect(await apply.isDisabled()).toBe(true)
    await liver.page.getByLabel('参加規約を読み、同意します').check()
    await apply.click()
    await liver.page
      .getByTestId('entry-status')
      .getByText('エントリー済み（主催者の承認待ち）')
      .waitFor()

    // The organizer sees the application and approves it; the liver's page says so.
    await card.getByRole('button', { name: 'エントリーを見る' }).click()
    const entry = page.getByTestId('organizer-entry').filter({ hasText: 'デモライバーの部屋' })
    await expect.poll(() => entry.getByRole('button', { name: '見送る' }).isDisabled()).toBe(true)
    await entry.getByRole('button', { name: '承認する' }).click()
    await entry.getByText('エントリーが承認されました').waitFor()
    await liver.page.goto(`${base()}/event/${key}`)
    await liver.page.getByTestId('entry-status').getByText('エントリーが承認されました').waitFor()
    expect(organizer.errors).toEqual([])
    expect(liver.errors).toEqual([])
  })
})
