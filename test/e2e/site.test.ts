import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, type Session } from './browser.ts'

let session: Session
beforeEach(async () => {
  session = await openBrowser()
})
afterEach(async () => {
  await session.close()
})

const base = () => inject('baseUrl')

describe('Kirari in Chromium', () => {
  it('shows rooms on air by genre, in Japanese, Pick Up first', async () => {
    const { page } = session
    await page.goto(base() + '/')
    await page.getByRole('heading', { level: 1, name: '配信中のルーム' }).waitFor()
    const genres = await page.getByRole('heading', { level: 2 }).allTextContents()
    expect(genres[0]).toBe('Pick Up')
    expect(genres).toContain('アイドル')
    expect(await page.locator('.onlive-card').count()).toBeGreaterThanOrEqual(5)
    expect(await page.getByTestId('onair-count').textContent()).toMatch(/^配信中 \d+$/)
    expect(await page.title()).toBe('ライブ配信 | Kirari')
    expect(await page.locator('html').getAttribute('lang')).toBe('ja')
    // Room covers load under the CSP, and nothing broke on the way.
    const cover = page.locator('.onlive-card img').first()
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    expect(session.errors).toEqual([])
  })

  it('switches to English: the text and the URL change, and the choice is remembered', async () => {
    const { page } = session
    await page.goto(base() + '/terms')
    await page.getByRole('heading', { level: 1, name: '利用規約' }).waitFor()
    await page.getByRole('combobox', { name: '言語' }).selectOption('en')
    await page.waitForURL(/\/en\/terms$/)
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en')
    // Written once the cookie's rules have loaded (they are not part of the first page).
    const localeCookie = async () =>
      (await session.context.cookies()).find((c) => c.name === 'kirari_locale')
    await expect.poll(async () => (await localeCookie())?.value).toBe('en')
    expect(await localeCookie()).toMatchObject({
      value: 'en',
      sameSite: 'Lax',
      path: '/',
    })

    // Coming back to an unprefixed URL, the cookie brings the visitor to English again.
    await page.goto(base() + '/')
    await page.waitForURL(/\/en$/)
    await page.getByRole('heading', { level: 2, name: 'Pick Up' }).waitFor()
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toContain('Idol')
  })

  it('shows the 404 page with the path for an unknown route', async () => {
    const { page } = session
    await page.goto(base() + '/no/such/page')
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor()
    expect(await page.getByText('/no/such/page', { exact: true }).count()).toBe(1)
    expect(await page.title()).toBe('Page Not Found /no/such/page | Kirari')
  })

  it('sends /lottery/ad_reward to the ad-reward gacha, keeping the query', async () => {
    const { page } = session
    await page.goto(base() + '/lottery/ad_reward?from=banner')
    await page.waitForURL(/\/lottery\/ad_reward\/\d+\?from=banner$/)
    await page.getByRole('heading', { level: 1, name: '広告ガチャ' }).waitFor()
  })
})

describe('maintenance switch', () => {
  it('lands every page on /maintenance', async () => {
    const { page } = session
    await page.goto(inject('maintenanceUrl') + '/terms')
    await page.waitForURL(/\/maintenance$/)
    await page.getByRole('heading', { level: 1, name: 'ただいまメンテナンス中です' }).waitFor()
  })
})
