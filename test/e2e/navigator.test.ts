import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { logIn, openBrowser, type Session } from './browser.ts'

const base = () => inject('baseUrl')
/**
 * A viewer the organizer makes a navigator here (the seeded demo_navigator already holds the
 * telop right; this grant is a real one, and the revocation leaves the viewer as it was).
 */
const NAVIGATOR = 'demo_viewer'

let organizer: Session
let navigator: Session
let viewer: Session
let liver: Session
beforeAll(async () => {
  ;[organizer, navigator, viewer, liver] = await Promise.all([
    openBrowser({ phone: true }),
    openBrowser(),
    openBrowser({ phone: true }),
    openBrowser(),
  ])
  // One after another: three slow password checks and four browsers at once on two cores.
  await logIn(organizer.page, 'demo_organizer')
  await logIn(navigator.page, NAVIGATOR)
  await logIn(liver.page, 'demo_liver')
})
afterAll(async () => {
  await Promise.all([organizer.close(), navigator.close(), viewer.close(), liver.close()])
})

/** The demo liver's room, put on air by its owner if another suite ended the demo live. */
async function liveRoomId(): Promise<number> {
  const { roomId, status } = await liver.page.evaluate(async () => {
    const room = (await (await fetch('/api/room/status?room_url_key=demo_liver_room')).json()) as {
      room_id: number
      is_live: boolean
    }
    if (room.is_live) return { roomId: room.room_id, status: 200 }
    const { csrf_token } = (await (await fetch('/api/csrf_token')).json()) as {
      csrf_token: string
    }
    const body = new URLSearchParams({ room_id: String(room.room_id), csrf_token })
    const response = await fetch('/api/encoder/live_start', { method: 'POST', body })
    return { roomId: room.room_id, status: response.status }
  })
  expect(status).toBe(200)
  return roomId
}

/** A refused call is logged by the browser as a failed resource; anything else is an error. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 403/.test(e))

describe('an organizer delegates the telop to a navigator', () => {
  it('grants the telop right; the navigator’s telop reaches a viewer; once revoked, the next is refused', async () => {
    const roomId = await liveRoomId()

    // The organizer grants the navigator the telop right on the permissions page.
    const { page } = organizer
    await page.goto(`${base()}/organizer/room/${roomId}/navigator-permissions`)
    await page.getByRole('heading', { level: 1, name: 'ナビゲーター権限' }).waitFor()
    await page.getByRole('button', { name: 'ナビゲーターを追加' }).click()
    await page.getByLabel('アカウントID').fill(NAVIGATOR)
    await page
      .getByRole('group', { name: '付与する権限' })
      .getByRole('checkbox', { name: 'テロップの投稿・削除' })
      .check()
    await page.getByRole('button', { name: '保存する' }).click()
    await page.getByText('ナビゲーターの権限を保存しました').waitFor()
    const card = page.locator(`[data-account-id="${NAVIGATOR}"]`)
    await card.waitFor()
    expect(await card.getByRole('checkbox', { name: 'テロップの投稿・削除' }).isChecked()).toBe(
      true,
    )
    expect(await card.getByRole('checkbox', { name: '投票の開始・終了' }).isChecked()).toBe(false)

    // The navigator's panel in the live room has the telop tool only, marked as theirs.
    const nav = navigator.page
    await nav.goto(base() + '/r/demo_liver_room')
    const panel = nav.getByTestId('navigator-panel')
    await panel.getByText('ナビゲーターツール').waitFor()
    expect(await panel.getByTestId('tool-enquete').count()).toBe(0)
    expect(await nav.getByRole('region', { name: '配信者メニュー' }).count()).toBe(0)
    const telop = `ナビのテロップ ${Date.now().toString(36)}`
    await panel.getByLabel('テロップ').fill(telop)
    await panel.getByRole('button', { name: 'テロップを表示' }).click()

    // A viewer of the room sees it above the video.
    await viewer.page.goto(base() + '/r/demo_liver_room')
    await expect
      .poll(() => viewer.page.getByTestId('telop').textContent(), { timeout: 10_000 })
      .toBe(telop)

    // The organizer revokes the navigator's rights, after the confirm.
    await card.getByRole('button', { name: /権限をすべて外す/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '外す', exact: true }).click()
    await page.getByText('ナビゲーターの権限を外しました').waitFor()
    await card.waitFor({ state: 'detached' })

    // The navigator's page, still open, tries again: refused, with the server's message; the
    // panel reads its rights again and the telop tool is gone.
    await panel.getByLabel('テロップ').fill(`${telop} 2`)
    await panel.getByRole('button', { name: 'テロップを表示' }).click()
    // No right left in the room: it is no longer a navigator there, and is told so.
    await nav.getByText('この操作はルームのオーナーのみ行えます').first().waitFor()
    await panel.getByTestId('tool-telop').waitFor({ state: 'detached' })
    expect(await viewer.page.getByTestId('telop').textContent()).toBe(telop)

    expect(organizer.errors).toEqual([])
    expect(unexpected(navigator.errors)).toEqual([])
    expect(viewer.errors).toEqual([])
  }, 60_000)
})
