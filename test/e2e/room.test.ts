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
