import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { tokenColours } from '../../pwa-icons.ts'
import { openBrowser, type Session } from './browser.ts'

let session: Session
beforeEach(async () => {
  session = await openBrowser({ phone: true })
})
afterEach(async () => {
  await session.close()
})

const base = () => inject('baseUrl')
const tokens = tokenColours(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../src/views/tokens.css'), 'utf8'),
)

interface Manifest {
  name: string
  short_name: string
  start_url: string
  display: string
  theme_color: string
  background_color: string
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>
}

/** The page's service worker is in control (it registers once the page has settled). */
async function controlled(session: Session) {
  await session.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  })
}

describe('the installable app (issue #41)', () => {
  it('has a manifest with the design tokens’ colours and real icons, and a worker that takes over after the page settled', async () => {
    const { page } = session
    await page.goto(base() + '/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = (await (
      await page.request.get(new URL(href ?? '', base()).toString())
    ).json()) as Manifest
    expect(manifest).toMatchObject({
      short_name: 'Kirari',
      display: 'standalone',
      theme_color: tokens.accent,
      background_color: tokens.background,
    })
    expect(new URL(manifest.start_url, base()).origin).toBe(new URL(base()).origin)
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
      tokens.accent,
    )
    // Each icon is a PNG of the size it claims; one is maskable; iOS has its own.
    const icons = [
      ...manifest.icons,
      {
        src: (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '',
        sizes: '180x180',
        type: 'image/png',
        purpose: 'any',
      },
    ]
    expect(icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512', '180x180']),
    )
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of icons) {
      const body = await (await page.request.get(new URL(icon.src, base()).toString())).body()
      expect(body.subarray(1, 4).toString()).toBe('PNG')
      const size = Number(icon.sizes.split('x')[0])
      expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([size, size])
    }

    // The worker registers after the page settled, and controls the page.
    await controlled(session)
    expect(session.errors).toEqual([])
  })

  it('shows the offline page when a page cannot be reached, and the page once the network is back', async () => {
    const { page, context } = session
    await page.goto(base() + '/')
    await controlled(session)
    await context.setOffline(true)
    await page.goto(base() + '/ranking')
    await page.getByRole('heading', { level: 1, name: 'オフラインです' }).waitFor()
    expect(page.url()).toBe(base() + '/ranking')
    // Back online: the page reloads itself.
    await context.setOffline(false)
    await page
      .getByRole('heading', { level: 1, name: 'オフラインです' })
      .waitFor({ state: 'detached', timeout: 15_000 })
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe(
      'オフラインです',
    )
  })

  it('shows a pushed notice as a notification, and a tap on it opens the room', async () => {
    const { page, context } = session
    await page.goto(base() + '/')
    await controlled(session)
    await context.grantPermissions(['notifications'], { origin: base() })
    const cdp = await context.newCDPSession(page)
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${base()}/` && !r.isDeleted)
        if (mine) resolve(mine.registrationId)
      })
    })
    await cdp.send('ServiceWorker.enable')
    const payload = {
      title: 'ゆめの声劇ルーム',
      body: '配信開始 — 夢見 ゆめさんが配信を始めました',
      icon: `${base()}/img/room/5.svg`,
      url: `${base()}/r/seiyu_yume`,
      tag: 'live-1',
    }
    // What the push service hands the browser, as the DevTools protocol delivers it.
    const deliver = async () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: base(),
        registrationId: await registration,
        data: JSON.stringify(payload),
      })
    await deliver()
    const shown = () =>
      page.evaluate(async () => {
        const worker = await navigator.serviceWorker.ready
        return (await worker.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }))
      })
    // On a loaded machine (CI, 2026-12-02) one delivery was never shown: the protocol's delivery
    // is sent again while nothing shows, as a push service retries an undelivered message. The
    // tag makes a second one replace the first, so what is asserted below is unchanged.
    const appears = async (ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end;) {
        if ((await shown()).length > 0) return true
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      return false
    }
    for (let tries = 1; tries < 4 && !(await appears(3000)); tries++) await deliver()
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([
        { title: payload.title, body: payload.body, tag: 'live-1', data: { url: payload.url } },
      ])

    // The tap: the worker's own notificationclick handling takes the open window to the room.
    const [worker] = context.serviceWorkers()
    if (!worker) throw new Error('no service worker')
    await worker.evaluate(`(async () => {
      const [notification] = await self.registration.getNotifications()
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification }))
    })()`)
    await page.waitForURL(`${base()}/r/seiyu_yume`, { timeout: 10_000 })
    await expect.poll(shown).toEqual([])
  })
})
