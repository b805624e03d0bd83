// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { RoomBackgroundsAnswer } from '../../src/contract/room-background.ts'
import { user } from '../model/fixtures.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const tile = (id: number, name: string, current: boolean) => ({
  id,
  name,
  rarity: 'R',
  image_url: `/img/background/${id}.svg`,
  is_current: current,
  is_favorite: false,
})
const state: RoomBackgroundsAnswer = {
  current_id: 202,
  is_fixed: false,
  background_image_url: '/img/background/202.svg',
  backgrounds: [tile(202, 'ルーム背景「夜空」', true), tile(302, 'ルーム背景「夜桜」', false)],
}
const chosen: RoomBackgroundsAnswer = {
  ...state,
  current_id: 302,
  background_image_url: '/img/background/302.svg',
  backgrounds: [tile(202, 'ルーム背景「夜空」', false), tile(302, 'ルーム背景「夜桜」', true)],
}

describe('room background page', () => {
  it('shows the owned backgrounds, the current one marked, and uses another', async () => {
    const api = fakeApi({
      '/api/current_user': user(),
      '/api/live/onlive_num': { num: 1 },
      '/api/room_backgrounds': state,
      '/api/room_backgrounds/current': chosen,
    })
    const rendered = renderApp('/room_background', api)
    await screen.findByRole('heading', { level: 1, name: 'ルーム背景' })
    const tiles = within(screen.getByRole('list', { name: '持っている背景' })).getAllByRole(
      'listitem',
    )
    expect(tiles).toHaveLength(2)
    const [night, sakura] = tiles as [HTMLElement, HTMLElement]
    expect(within(night).getByRole('button', { name: '使用中' }).hasAttribute('disabled')).toBe(
      true,
    )
    expect(within(night).getByText('表示中')).toBeTruthy()
    expect(screen.getByRole('switch', { name: '背景を固定する' })).toBeTruthy()

    fireEvent.click(within(sakura).getByRole('button', { name: 'この背景にする' }))
    await waitFor(() => expect(within(sakura).getByText('表示中')).toBeTruthy())
    expect(api.calls).toContain('/api/room_backgrounds/current')
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'roomBackground.chosen' })
  })

  it('explains to an account without a room that it has no backgrounds to manage', async () => {
    const noRoom = {
      kind: 'server',
      status: 403,
      message: 'ルームを持っていないため、ルーム背景は設定できません。',
      errorType: 'NO_ROOM',
      redirectUrl: null,
    }
    renderApp(
      '/room_background',
      fakeApi({
        '/api/current_user': user(),
        '/api/live/onlive_num': { num: 1 },
        '/api/room_backgrounds': noRoom,
      }),
    )
    expect((await screen.findByTestId('room-bg-no-room')).textContent).toContain('ライバー')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("draws the room's background behind the room page", async () => {
    const routes = liveRoom()
    renderApp(
      '/r/kirari_hoshino',
      fakeApi({
        ...routes,
        '/api/live/live_info': { background_image_url: '/img/background/302.svg' },
      }),
    )
    // The room page loads several parts first: slower than the default second on a busy machine.
    const title = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })
    const room = title.closest('section.room') as HTMLElement
    await waitFor(() => expect(room.classList.contains('room--backdrop')).toBe(true))
    expect(room.style.getPropertyValue('--room-backdrop')).toBe('url("/img/background/302.svg")')
  })
})
