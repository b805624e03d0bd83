import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { LADDER } from '../../server/media/llhls/ladder.ts'
import { logIn, openBrowser, roomIsLive, type Session } from './browser.ts'

// Going live from a phone's browser (issue #51): the liver's page in the phone layout sends
// Chromium's fake camera over WebRTC to the site's WHIP endpoint; a viewer in another browser
// plays the room in low-latency mode and comments; the comment shows on the liver's screen; a
// network change reconnects the same live; 配信終了 ends it.

let liver: Session
let viewer: Session
beforeEach(async () => {
  ;[liver, viewer] = await Promise.all([openBrowser({ phone: true, camera: true }), openBrowser()])
})
afterEach(async () => {
  await Promise.all([liver.close(), viewer.close()])
})

const base = () => inject('baseUrl')

/** The room's live as the page's own session sees it. */
const liveIdOf = (session: Session) =>
  session.page.evaluate(async () => {
    const answer = await fetch('/api/room/status?room_url_key=demo_liver_room')
    const status = (await answer.json()) as { is_live?: boolean; live_id?: number }
    return status.is_live ? (status.live_id ?? 0) : 0
  })

/** A rendition's low-latency playlist: each segment's msn and date (gaps left out). */
async function datedSegments(url: string): Promise<Map<number, number>> {
  const text = await (await fetch(url)).text()
  let msn = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? NaN)
  const dates = new Map<number, number>()
  let date: number | null = null
  let gap = false
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = Date.parse(line.slice(25))
    else if (line === '#EXT-X-GAP') gap = true
    else if (line.startsWith('#EXTINF')) {
      if (date !== null && !gap) dates.set(msn, date)
      msn++
      date = null
      gap = false
    }
  }
  return dates
}

/**
 * The phone sends its own ladder (simulcast): each layer is a rung of the quality menu at the
 * size the browser sent (no transcoder made it), and every rung dates the same segment the
 * same, so players switch cleanly.
 */
async function expectOwnLadder(): Promise<void> {
  const hls = base() + '/hls/demo_liver_room/live/'
  const master = async () => (await fetch(hls + 'abr.m3u8')).text()
  await expect
    .poll(async () => (await master()).match(/#EXT-X-STREAM-INF/g)?.length ?? 0, {
      timeout: 20_000,
    })
    .toBe(3)
  const text = await master()
  const heights = [...text.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]))
  const [top = 0, middle = 0, bottom = 0] = heights
  // Smaller down the list, at the sizes the browser sent (a half and a quarter of its camera's,
  // or of what its encoder adapted that to), none a size the host's transcoder makes.
  expect(top).toBeGreaterThan(middle)
  expect(middle).toBeGreaterThan(bottom)
  for (const height of [middle, bottom]) {
    expect(LADDER.map((r) => r.height)).not.toContain(height)
  }
  const uris = text.split('\n').filter((l) => l && !l.startsWith('#'))
  const read = () => Promise.all(uris.map((uri) => datedSegments(hls + uri)))
  /** The msns of complete segments each rung has in common with the source. */
  const sharedOf = ([source, ...rungs]: Array<Map<number, number>>) =>
    rungs.map((rung) => [...rung.keys()].filter((msn) => source?.has(msn)))
  // A layer that came later has its first complete segments a few seconds after.
  await expect
    .poll(async () => Math.min(...sharedOf(await read()).map((msns) => msns.length)), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0)
  const renditions = await read()
  const [source, ...rungs] = renditions
  sharedOf(renditions).forEach((msns, i) => {
    for (const msn of msns) {
      expect(Math.abs((rungs[i]?.get(msn) ?? 0) - (source?.get(msn) ?? 0))).toBeLessThan(100)
    }
  })
}

describe('going live from the browser (WHIP)', () => {
  it('a liver goes live from the phone, a viewer watches and comments, the liver sees it, a network change keeps the live, 配信終了 ends it', async () => {
    const page = liver.page
    await logIn(page, 'demo_liver')
    await page.goto(base() + '/r/demo_liver_room')
    const panel = page.getByRole('region', { name: '配信者メニュー' })
    // The demo channel's live ends first (other files may have ended it already).
    if (await roomIsLive(page)) {
      await panel.getByRole('button', { name: '配信を終了する' }).click()
      await page.getByText('配信は終了しました。').waitFor({ timeout: 15_000 })
    }
    // From the broadcaster menu to the page, with the camera's preview.
    await panel.getByTestId('room-broadcast-link').click()
    await page.getByTestId('broadcast-page').waitFor()
    const status = page.getByTestId('broadcast-status')
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('preview')
    const preview = page.getByTestId('broadcast-preview')
    await expect
      .poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
      .toBeGreaterThan(0)
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.getByTestId('broadcast-start').click()
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 25_000 }).toBe('live')
    const liveId = await liveIdOf(liver)
    expect(liveId).toBeGreaterThan(0)

    // A viewer plays it, low-latency, and comments.
    const watch = viewer.page
    await logIn(watch, 'demo_viewer')
    await watch.goto(base() + '/r/demo_liver_room')
    const video = watch.getByTestId('room-video')
    await video.waitFor()
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 25_000 })
      .toBeGreaterThan(1)
    // Said at the player's next playlist update (each part's, in low-latency mode).
    await expect
      .poll(() => video.getAttribute('data-low-latency'), { timeout: 10_000 })
      .toBe('true')
    await expectOwnLadder()
    const words = `カメラ見えてます ${Date.now() % 100000}`
    await watch.locator('#comment-input').fill(words)
    await watch.locator('#comment-input').press('Enter')
    await page.getByTestId('broadcast-comments').getByText(words).waitFor({ timeout: 15_000 })

    // The connection in plain words, from WebRTC's statistics.
    const connection = page.getByTestId('broadcast-connection')
    await expect
      .poll(async () => Number(await connection.getAttribute('data-bitrate-kbps')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0)

    // The network changes: the page publishes again and the same live goes on.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect
      .poll(() => status.getAttribute('data-state'), { timeout: 5_000 })
      .toBe('reconnecting')
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 30_000 }).toBe('live')
    expect(await liveIdOf(liver)).toBe(liveId)
    const played = await video.evaluate((v: HTMLVideoElement) => v.currentTime)
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(played + 1)

    // 配信終了, confirmed: the live ends for everyone.
    await page.getByTestId('broadcast-end').click()
    await page.getByTestId('broadcast-end-confirm').click()
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('ended')
    await expect.poll(() => liveIdOf(viewer), { timeout: 10_000 }).toBe(0)

    // The owner's end holds the room's key against encoders reconnecting by themselves; the
    // next file's OBS goes on air as a liver starting again would, with the hold released.
    const released = await page.evaluate(async () => {
      const { csrf_token } = (await (await fetch('/api/csrf_token')).json()) as {
        csrf_token: string
      }
      const status = (await (
        await fetch('/api/room/status?room_url_key=demo_liver_room')
      ).json()) as {
        room_id: number
      }
      const answer = await fetch('/api/encoder/publish_ready', {
        method: 'POST',
        headers: {
          'X-CSRF-Token': csrf_token,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `room_id=${status.room_id}`,
      })
      return answer.status
    })
    expect(released).toBe(200)
  }, 120_000)
})
