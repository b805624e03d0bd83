import type { ChildProcess } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { publishTestPattern } from '../../server/media/test-pattern.ts'
import { logIn, openBrowser, roomIsLive, type Session } from './browser.ts'

let liver: Session
let viewer: Session
let encoder: ChildProcess | undefined
beforeEach(async () => {
  ;[liver, viewer] = await Promise.all([openBrowser(), openBrowser()])
})
afterEach(async () => {
  encoder?.kill('SIGKILL')
  await Promise.all([liver.close(), viewer.close()])
})

const base = () => inject('baseUrl')

describe('broadcasting from OBS (nginx-rtmp, ffmpeg as the encoder)', () => {
  it('a liver reads the key, publishes, viewers see the room on air and its video; OBS stopping interrupts the live, the liver ends it', async () => {
    const page = liver.page
    await logIn(page, 'demo_liver')

    // The demo live ends first, so the room goes on air from the encoder.
    await page.goto(base() + '/r/demo_liver_room')
    const panel = page.getByRole('region', { name: '配信者メニュー' })
    await panel.getByRole('button', { name: '表示', exact: true }).click()
    const key = (await panel.getByTestId('stream-key').textContent()) ?? ''
    expect(key).toMatch(/^\d+_[\w-]{20,}$/)
    // (Another test may have ended it already: the files run in any order.)
    if (await roomIsLive(page)) {
      await panel.getByRole('button', { name: '配信を終了する' }).click()
      await page.getByText('配信は終了しました。').waitFor()
    }

    encoder = publishTestPattern(inject('rtmpUrl'), key)
    const home = viewer.page
    await expect
      .poll(
        async () => {
          await home.goto(base() + '/')
          await home.locator('.onlive-card').first().waitFor()
          return home.getByRole('link', { name: /デモ ライバー/ }).count()
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0)
    await home
      .getByRole('link', { name: /デモ ライバー/ })
      .first()
      .click()
    const video = home.getByTestId('room-video')
    await video.waitFor()
    const time = () => video.evaluate((v: HTMLVideoElement) => v.currentTime)
    await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(1)

    // The liver sees what the ingest receives, and the test pattern's 15 fps is called out.
    const resolution = panel.getByTestId('ingest-resolution')
    await expect
      .poll(async () => ((await resolution.count()) > 0 ? resolution.textContent() : null), {
        timeout: 20_000,
      })
      .toBe('320×180')
    await expect
      .poll(async () => (await panel.getByTestId('ingest-status').textContent()) ?? '', {
        timeout: 15_000,
      })
      .toMatch(/フレームレートが1[45](\.\d+)? ?fps/)

    // OBS stops: viewers are told the live is interrupted (it would end after 30 s without OBS)…
    encoder.kill('SIGINT')
    await home
      .getByText('配信が一時的に中断しています', { exact: false })
      .waitFor({ timeout: 20_000 })
    // …and the liver ends it from the menu.
    await page.reload()
    await panel.getByRole('button', { name: '配信を終了する' }).click()
    await home.getByText('配信は終了しました。').waitFor({ timeout: 20_000 })
  }, 90_000)
})
