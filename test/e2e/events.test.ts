import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

let viewer: Session
let watcher: Session
let follower: Session
beforeEach(async () => {
  ;[viewer, watcher, follower] = await Promise.all([openBrowser(), openBrowser(), openBrowser()])
})
afterEach(async () => {
  await Promise.all([viewer.close(), watcher.close(), follower.close()])
})

const base = () => inject('baseUrl')

interface Ranking {
  rank: number
  gap: number
  point: number
}

describe('events in Chromium', () => {
  it('a gift in the demo event moves the room: a viewer in the room and one on the event page see the new rank and gap at once', async () => {
    const room = '/r/seiyu_yume'
    await logIn(viewer.page)
    await Promise.all([
      viewer.page.goto(base() + room),
      watcher.page.goto(base() + room),
      follower.page.goto(base() + '/event/kirari_winter_cup'),
    ])
    await watcher.page.locator('[data-push="connected"]').waitFor()
    await follower.page.getByTestId('event-ranking').waitFor()
    const badge = watcher.page.getByTestId('event-badge')
    await badge.getByText('キラリ ウィンターカップ').waitFor()

    // What the server says of the room's standing (the room id from its status).
    const status = (await (
      await watcher.page.request.get(`${base()}/api/room/status?room_url_key=seiyu_yume`)
    ).json()) as { room_id: number }
    const standing = async (): Promise<Ranking> =>
      (
        (await (
          await watcher.page.request.get(
            `${base()}/api/room/event_and_support?room_id=${status.room_id}`,
          )
        ).json()) as { event: { ranking: Ranking } }
      ).event.ranking

    const before = await standing()
    // A bouquet of 50 points from the viewer's gold.
    const panel = viewer.page.getByRole('region', { name: 'ギフト' })
    await panel.getByTestId('gift-wallet').waitFor()
    await panel.getByRole('tab', { name: '有料ギフト' }).click()
    await panel.getByRole('button', { name: /^花束/ }).click()
    await panel.getByRole('button', { name: 'ギフトを送る' }).click()
    await viewer.page
      .getByRole('dialog', { name: 'ギフトを送る' })
      .getByRole('button', { name: '送る' })
      .click()

    // The gift is committed once the room's event points have grown by its 50 (the demo bots
    // may gift to it meanwhile: at least 50).
    await expect
      .poll(async () => (await standing()).point, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(before.point + 50)
    const started = Date.now()
    // The watcher's badge and the event page's row of the room follow the server's standing,
    // pushed, without a reload: each read of the page is compared with the server's at that
    // moment (a bot's gift may move the room again while we look).
    const row = follower.page.locator(`[data-room-id="${status.room_id}"]`)
    const shown = async () => ({
      rank: await watcher.page.getByTestId('event-rank').textContent(),
      gap: await watcher.page.getByTestId('event-gap').textContent(),
      rowRank: await row.getByTestId('ranking-rank').textContent(),
      rowPoint: await row.getByTestId('ranking-point').textContent(),
    })
    const expected = (now: Ranking) => ({
      rank: `${now.rank}位`,
      gap: now.rank === 1 ? '1位をキープ中' : `上位まで ${now.gap.toLocaleString('ja-JP')}pt`,
      rowRank: `${now.rank}位`,
      rowPoint: `${now.point.toLocaleString('ja-JP')} pt`,
    })
    await expect
      .poll(
        async () => {
          const [page, server] = await Promise.all([shown(), standing()])
          return JSON.stringify(page) === JSON.stringify(expected(server))
        },
        { timeout: 2_000, interval: 100 },
      )
      .toBe(true)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(watcher.errors).toEqual([])
    expect(follower.errors).toEqual([])
  })
})
