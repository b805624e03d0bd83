import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, roomIsLive, type Session } from './browser.ts'

let liver: Session
let viewer: Session
beforeEach(async () => {
  ;[liver, viewer] = await Promise.all([openBrowser(), openBrowser()])
})
afterEach(async () => {
  await Promise.all([liver.close(), viewer.close()])
})

const base = () => inject('baseUrl')

describe('follows and notices in Chromium', () => {
  it('a viewer follows a room; when its owner goes live the header shows an unread notice and /follow lists the room on air', async () => {
    await Promise.all([logIn(liver.page, 'demo_liver'), logIn(viewer.page, 'demo_viewer')])
    // The demo's live of the room ends first, so that it can go live again.
    await liver.page.goto(base() + '/r/demo_liver_room')
    const panel = liver.page.getByRole('region', { name: '配信者メニュー' })
    // (Another test may have ended it already: the files run in any order.)
    if (await roomIsLive(liver.page)) {
      await panel.getByRole('button', { name: '配信を終了する' }).click()
      await liver.page.getByText('配信は終了しました。').waitFor()
    }

    const page = viewer.page
    await page.goto(base() + '/r/demo_liver_room')
    const follow = page.getByRole('button', { name: 'フォローする' })
    const following = page.getByRole('button', { name: 'フォロー中' })
    await follow.or(following).first().waitFor()
    if (await follow.isVisible()) await follow.click()
    await following.waitFor()

    // The owner goes live (the encoder's live-start call, as the owner's session makes it).
    const status = await liver.page.evaluate(async () => {
      const room = (await (
        await fetch('/api/room/status?room_url_key=demo_liver_room')
      ).json()) as { room_id: number }
      const { csrf_token } = (await (await fetch('/api/csrf_token')).json()) as {
        csrf_token: string
      }
      const body = new URLSearchParams({ room_id: String(room.room_id), csrf_token })
      const response = await fetch('/api/encoder/live_start', { method: 'POST', body })
      return response.status
    })
    expect(status).toBe(200)

    // The notice is fanned out in the background (every 2 s): /notice lists it once it is (other
    // browser tests may have left the viewer other notices: this one is looked for by its words).
    await expect
      .poll(
        async () => {
          await page.goto(base() + '/notice')
          await page.locator('main h1').first().waitFor()
          return page.getByText(/デモ ライバーさんが配信を始めました/).count()
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0)
    // Unread, so the header says there is something to read; the room is on air in /follow.
    await page.getByTestId('header-unread').waitFor()
    await page.goto(base() + '/follow')
    await page
      .getByRole('link', { name: /デモ ライバー/ })
      .first()
      .waitFor()
    expect(viewer.errors).toEqual([])
  }, 60_000)
})

describe('lives to come on the home page', () => {
  it("shows the demo rooms' next lives, soonest first, and opens a room from them", async () => {
    const { page } = viewer
    await page.goto(base() + '/')
    const strip = page.getByRole('region', { name: '配信予定' })
    const times = strip.locator('time')
    await times.first().waitFor()
    const at = await times.evaluateAll((els) =>
      els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')),
    )
    expect(at.length).toBeGreaterThanOrEqual(3)
    expect(at).toEqual([...at].sort((a, b) => a - b))
    expect(at.every((t) => t > Date.now())).toBe(true)
    await strip.getByRole('link', { name: /新曲お披露目ライブ/ }).click()
    await page.waitForURL(/\/r\/idol_sakura$/)
    expect(viewer.errors).toEqual([])
  })
})
