import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Locator } from 'playwright-core'
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

const rowTexts = (list: Locator) => list.getByTestId('comment').allTextContents()

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
      .toBe(640)
    const low = await time()
    await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(low + 1)
    await page.getByRole('button', { name: 'ミュート解除' }).click()
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false)
    expect(watcher.errors).toEqual([])
  })

  it('starts the picture before the app, and the app’s player takes that very video without restarting it', async () => {
    const page = watcher.page
    // Every video element the page ever has, where it first stood, and whether its media
    // was ever reset ('emptied': a new source, as a player starting over would cause).
    await page.addInitScript(() => {
      const seen: Array<{ video: HTMLVideoElement; firstIn: string; emptied: number }> = []
      Reflect.set(window, '__videos', seen)
      new MutationObserver(() => {
        for (const video of document.querySelectorAll('video')) {
          if (seen.some((s) => s.video === video)) continue
          const entry = { video, firstIn: video.parentElement?.id ?? '', emptied: 0 }
          video.addEventListener('emptied', () => entry.emptied++)
          seen.push(entry)
        }
      }).observe(document, { subtree: true, childList: true })
    })
    await page.goto(base() + '/r/kirari_hoshino')
    const video = page.getByTestId('room-video')
    await video.waitFor()
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5)
    const videos = await video.evaluate((player: HTMLVideoElement) => {
      const seen = Reflect.get(window, '__videos') as Array<{
        video: HTMLVideoElement
        firstIn: string
        emptied: number
      }>
      return seen.map((s) => ({
        firstIn: s.firstIn,
        emptied: s.emptied,
        isPlayer: s.video === player,
      }))
    })
    expect(videos).toEqual([{ firstIn: 'boot-stage', emptied: 0, isPlayer: true }])
    expect(await page.locator('#boot-stage').count()).toBe(0)
    // The app's player knows it plays: no loading sign over the picture.
    await expect.poll(() => page.getByText('映像を読み込み中').count()).toBe(0)
    // The app's controls work on it.
    await page.getByRole('button', { name: 'ミュート解除' }).click()
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false)
    expect(watcher.errors).toEqual([])
  })

  it('a comment posted in one browser appears in another through the push socket; ５０ stays hidden', async () => {
    const page = viewer.page
    await logIn(page)

    await Promise.all([
      page.goto(base() + '/r/aoi_music'),
      watcher.page.goto(base() + '/r/aoi_music'),
    ])
    await watcher.page.getByRole('heading', { level: 1, name: '青井 そら' }).waitFor()
    await watcher.page.locator('[data-push="connected"]').waitFor()
    const box = page.getByRole('textbox', { name: 'コメント' })
    await box.fill('５０')
    await page.getByRole('button', { name: '送信' }).click()
    await expect.poll(() => box.inputValue()).toBe('')
    await box.fill('ギター最高！')
    await page.getByRole('button', { name: '送信' }).click()

    const list = watcher.page.getByRole('list', { name: 'コメント', exact: true })
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

  it('scrolling up stocks new comments; the button shows them and goes back to the latest', async () => {
    const page = watcher.page
    await page.goto(base() + '/r/kirari_hoshino')
    const list = page.getByRole('list', { name: 'コメント', exact: true })
    // The demo bots fill the list until it scrolls.
    await expect
      .poll(() => list.evaluate((el) => el.scrollHeight - el.clientHeight), { timeout: 20_000 })
      .toBeGreaterThan(200)
    await list.evaluate((el) => el.scrollTo({ top: 0 }))
    const button = page.getByRole('button', { name: '新しいコメントがあります' })
    await button.waitFor({ timeout: 10_000 })
    // Stocked, not shown: the rows stay as they were while the viewer reads older comments.
    const before = await rowTexts(list)
    await page.waitForTimeout(1500)
    expect(await rowTexts(list)).toEqual(before)
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0)

    await button.click()
    await button.waitFor({ state: 'hidden' })
    // The bots repeat their lines, so compare the whole list: the stock joined it.
    const after = await rowTexts(list)
    expect(after).not.toEqual(before)
    expect(after.length).toBeLessThanOrEqual(100)
    await expect
      .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(24)
    expect(watcher.errors).toEqual([])
  })

  it('follows a room, reports the live and mutes a user from the list; follow and mute survive a reload', async () => {
    const page = viewer.page
    await logIn(page)
    await page.goto(base() + '/r/kirari_hoshino')
    await page.getByRole('heading', { level: 1, name: '星野 きらり' }).waitFor()

    const follow = page.getByRole('button', { name: 'フォローする' })
    const followers = page.getByTestId('room-followers')
    const count = async () => Number((await followers.textContent())?.replace(/\D/g, ''))
    const startCount = await count()
    await follow.click()
    const following = page.getByRole('button', { name: 'フォロー中' })
    await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true')
    expect(await count()).toBe(startCount + 1)

    await page.getByRole('button', { name: '配信を通報' }).click()
    const dialog = page.getByRole('dialog', { name: '配信を通報' })
    await dialog.getByRole('button', { name: '通報する' }).click()
    await dialog.getByRole('alert').getByText('通報の理由を選んでください').waitFor()
    await dialog.getByLabel('詳細（任意・200文字まで）').fill('テストの通報です')
    await dialog.getByLabel('通報の理由').selectOption({ index: 1 })
    await dialog.getByRole('button', { name: '通報する' }).click()
    await page.getByText('通報を受け付けました。ご協力ありがとうございます。').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    const list = page.getByRole('list', { name: 'コメント', exact: true })
    const anyMenu = page.getByRole('button', { name: /さんのメニュー$/ })
    const withMenu = list.locator('li[data-user-id]', { has: anyMenu }).last()
    await withMenu.waitFor({ timeout: 15_000 })
    // By user id (two commenters may share a name), and on that user's newest row: the list keeps
    // moving, so a positional locator such as `.first()` could point at another user by the click.
    const userId = (await withMenu.getAttribute('data-user-id')) ?? ''
    expect(userId).toMatch(/^\d+$/)
    const menu = list
      .locator(`li[data-user-id="${userId}"]`)
      .last()
      .getByRole('button', { name: /さんのメニュー$/ })
    const name = (await menu.textContent()) ?? ''
    await menu.click()
    // From the keyboard: the row is the newest, at the list's foot, where the report's toast and
    // the new-comments button (once Playwright has scrolled the row into view) lie over it.
    await list.getByRole('button', { name: 'ミュートする' }).press('Enter')
    const mutedSummary = page.getByText(/^ミュート中のユーザー（\d+）$/)
    await mutedSummary.waitFor()
    const rowsOf = () => list.locator(`[data-user-id="${userId}"]`).count()
    await expect.poll(rowsOf, { timeout: 5000 }).toBe(0)

    await page.reload()
    await page.getByRole('button', { name: 'フォロー中' }).waitFor()
    await mutedSummary.waitFor()
    await page.waitForTimeout(1500)
    expect(await rowsOf()).toBe(0)
    // Unmute and unfollow, leaving the demo as it was.
    await mutedSummary.click()
    await page.getByRole('button', { name: `${name}さんのミュートを解除` }).click()
    await mutedSummary.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'フォロー中' }).click()
    await page.getByRole('button', { name: 'フォローする' }).waitFor()
    expect(viewer.errors).toEqual([])
  })

  it('the owner saves a welcome comment and deletes it from the page', async () => {
    const page = viewer.page
    await logIn(page, 'demo_liver')
    await page.goto(base() + '/r/demo_liver_room')
    const editor = page.locator('form.welcome-editor')
    await editor.getByLabel('ウェルカムコメント').fill('ようこそ、きらりへ！')
    await editor.getByRole('button', { name: '保存', exact: true }).click()
    await page.getByText('ウェルカムコメントを保存しました').waitFor()
    await editor.getByRole('button', { name: '削除', exact: true }).click()
    await page.getByText('ウェルカムコメントを削除しました').waitFor()
    expect(await editor.getByLabel('ウェルカムコメント').inputValue()).toBe('')
    // Gone on the server too: the page opened again has none.
    await page.reload()
    const again = page.locator('form.welcome-editor').getByLabel('ウェルカムコメント')
    await again.waitFor()
    expect(await again.inputValue()).toBe('')
  })

  it('opens the lite room: the video and the comments without the site header', async () => {
    const page = watcher.page
    await page.goto(base() + '/lite/aoi_music')
    await page.getByRole('heading', { level: 1, name: '青井 そら' }).waitFor()
    await page.getByTestId('room-video').waitFor()
    await page.getByRole('list', { name: 'コメント', exact: true }).waitFor()
    expect(await page.getByRole('banner').count()).toBe(0)
    await page.getByRole('link', { name: '通常版で見る' }).click()
    await page.waitForURL(/\/r\/aoi_music$/)
    await page.getByRole('banner').waitFor()
  })

  it('shows the 404 page for a room that does not exist', async () => {
    await watcher.page.goto(base() + '/r/no_such_room')
    await watcher.page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor()
  })
})
