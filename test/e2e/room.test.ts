import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, type Session } from './browser.ts'

let viewer: Session
let watcher: Session
beforeEach(async () => {
  ;[viewer, watcher] = await Promise.all([openBrowser(), openBrowser()])
})
afterEach(async () => {
  await Promise.all([viewer.close(), watcher.close()])
})

const base = () => inject('baseUrl')

describe('live room in Chromium', () => {
  it('plays the live video: currentTime advances with the clock, muted, with a quality menu', async () => {
    const page = watcher.page
    await page.goto(base() + '/r/kirari_hoshino')
    const video = page.getByTestId('room-video')
    await video.waitFor()
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime)
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(0.5)
    const first = await time()
    await page.waitForTimeout(3000)
    const advanced = (await time()) - first
    // Real time, not a burst: about three seconds of video in three seconds.
    expect(advanced).toBeGreaterThan(1.5)
    expect(advanced).toBeLessThan(5)
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true)
    const quality = page.getByRole('combobox', { name: '画質' })
    expect(await quality.locator('option').allTextContents()).toEqual([
      '自動',
      'オリジナル画質',
      '低画質',
    ])
    // Switching quality loads the other playlist and keeps playing.
    await quality.selectOption({ label: '低画質' })
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
      .toBe(160)
    const low = await time()
    await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(low + 1)
    await page.getByRole('button', { name: 'ミュート解除' }).click()
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false)
    expect(watcher.errors).toEqual([])
  })

  it('a comment posted in one browser appears in another through the push socket; ５０ stays hidden', async () => {
    const page = viewer.page
    await page.goto(base() + '/')
    await page.getByRole('button', { name: 'ログイン', exact: true }).click()
    const login = page.getByRole('dialog', { name: 'ログイン' })
    await login.getByLabel('アカウントID').fill('demo_viewer')
    await login.getByLabel('パスワード').fill('kirari-demo')
    await login.getByLabel('画像の文字').fill('kirari')
    await login.getByRole('button', { name: 'ログインする' }).click()
    await page.getByRole('button', { name: 'ログアウト' }).waitFor()

    await Promise.all([
      page.goto(base() + '/r/aoi_music'),
      watcher.page.goto(base() + '/r/aoi_music'),
    ])
    await watcher.page.getByRole('heading', { level: 1, name: '青井 そら' }).waitFor()
    const box = page.getByRole('textbox', { name: 'コメント' })
    await box.fill('５０')
    await page.getByRole('button', { name: '送信' }).click()
    await expect.poll(() => box.inputValue()).toBe('')
    await box.fill('ギター最高！')
    await page.getByRole('button', { name: '送信' }).click()

    const list = watcher.page.getByRole('list', { name: 'コメント' })
    await list.getByText('ギター最高！').waitFor()
    expect(await list.getByText('５０').count()).toBe(0)
    expect(await list.getByTestId('comment').count()).toBeLessThanOrEqual(100)
    expect(watcher.errors).toEqual([])
  })

  it('asks an anonymous visitor to log in before commenting, keeping the text', async () => {
    const page = watcher.page
    await page.goto(base() + '/r/aoi_music')
    await page.getByRole('textbox', { name: 'コメント' }).fill('こんにちは')
    await page.getByRole('button', { name: '送信' }).click()
    await page.getByRole('dialog', { name: 'ログイン' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await page.getByRole('textbox', { name: 'コメント' }).inputValue()).toBe('こんにちは')
  })

  it('shows the 404 page for a room that does not exist', async () => {
    await watcher.page.goto(base() + '/r/no_such_room')
    await watcher.page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor()
  })
})
