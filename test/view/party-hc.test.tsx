// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PartyChannelsAnswer } from '../../src/contract/party.ts'
import type { OnliveItem } from '../../src/domain/api-types.ts'
import { user } from '../model/fixtures.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const channel = (id: number, key: string, name: string, current: boolean, onlive = true) => ({
  room_id: id,
  room_url_key: key,
  room_name: `${name}の部屋`,
  main_name: name,
  image: `/img/room/${id}.svg`,
  is_onlive: onlive,
  view_num: id * 100,
  is_current: current,
})
const party = (currentId: number): PartyChannelsAnswer => ({
  party: { party_id: 1, name: 'うたリレー' },
  channels: [
    channel(7, 'kirari_hoshino', '星野 きらり', currentId === 7),
    channel(8, 'aoi_music', '青井 あおい', currentId === 8),
    channel(9, 'seiyu_yume', '夢野 ゆめ', currentId === 9, false),
  ],
})
const statusOf = (base: Routes) => (q: { room_url_key: string }) => {
  const status = base['/api/room/status'] as Record<string, unknown>
  return q.room_url_key === 'aoi_music'
    ? { ...status, room_id: 8, room_url_key: 'aoi_music', main_name: '青井 あおい' }
    : status
}

describe('party strip', () => {
  it("shows the party's rooms under the player and switches room by a link", async () => {
    const base = liveRoom()
    const api = fakeApi({
      ...base,
      '/api/room/status': statusOf(base),
      '/api/parties/channels': (q: { room_id: number }) => party(q.room_id),
    })
    const rendered = renderApp('/r/kirari_hoshino', api)
    const strip = await screen.findByRole('navigation', { name: 'パーティーのルーム' })
    expect(within(strip).getByText('パーティー「うたリレー」')).toBeTruthy()
    const current = strip.querySelector('[aria-current="page"]')
    expect(current?.textContent).toContain('星野 きらり')
    expect(within(strip).getAllByText('配信中')).toHaveLength(2)
    expect(within(strip).getByText('配信前')).toBeTruthy()

    fireEvent.click(within(strip).getByRole('link', { name: /青井 あおい/ }))
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/r/aoi_music'))
    await waitFor(() =>
      expect(
        screen
          .getByRole('navigation', { name: 'パーティーのルーム' })
          .querySelector('[aria-current="page"]')?.textContent,
      ).toContain('青井 あおい'),
    )
    expect(api.calls).toContain('/api/parties/channels?room_id=8')
  })

  it('is not there for a room in no party', async () => {
    const api = fakeApi({ ...liveRoom(), '/api/parties/channels': { party: null, channels: [] } })
    renderApp('/r/kirari_hoshino', api)
    await screen.findByTestId('room-video')
    await waitFor(() => expect(api.calls).toContain('/api/parties/channels?room_id=7'))
    expect(screen.queryByTestId('party-strip')).toBeNull()
  })
})

const live = (id: number, key: string, name: string, view: number) =>
  ({
    room_id: id,
    room_url_key: key,
    main_name: name,
    image: `/img/room/${id}.svg`,
    view_num: view,
    official_lv: 0,
    streaming_url_list: [],
    tags: [],
  }) as unknown as OnliveItem
const onlives = (lives: OnliveItem[]) => (q: { is_pickup?: number }) =>
  q.is_pickup
    ? { onlives: [] }
    : { onlives: lives.length ? [{ genre_id: 101, genre_name: '音楽', lives }] : [] }
const hcRoutes = (lives: OnliveItem[]): Routes => ({
  '/api/current_user': user(),
  '/api/live/onlive_num': { num: lives.length },
  '/api/live/onlives': onlives(lives),
  '/api/live/streaming_url': { streaming_url_list: [] },
})
const hall = [
  live(1, 'kirari_hoshino', '星野 きらり', 300),
  live(2, 'aoi_music', '青井 あおい', 200),
  live(3, 'seiyu_yume', '夢野 ゆめ', 100),
]

describe('/r/hc', () => {
  it('shows the most watched room first; next and previous wrap around, kept in the address', async () => {
    const rendered = renderApp('/r/hc', fakeApi(hcRoutes(hall)))
    const stage = await screen.findByTestId('hc-stage')
    expect(within(stage).getByRole('heading', { name: '星野 きらり' })).toBeTruthy()
    expect(screen.getByTestId('hc-position').textContent).toBe('1 / 3')
    expect(within(stage).getByRole('link', { name: 'ルームへ' }).getAttribute('href')).toBe(
      '/r/kirari_hoshino',
    )
    expect(screen.getByRole('link', { name: '閉じる' }).getAttribute('href')).toBe('/')
    await waitFor(() => expect(document.title).toBe('星野 きらり | 配信中ルームをはしご | Kirari'))

    fireEvent.click(screen.getByRole('button', { name: '前のルーム' }))
    await screen.findByRole('heading', { name: '夢野 ゆめ' })
    expect(screen.getByTestId('hc-position').textContent).toBe('3 / 3')
    await waitFor(() =>
      expect(rendered.router.state.location.search).toEqual({ room: 'seiyu_yume' }),
    )

    fireEvent.click(screen.getByRole('button', { name: '次のルーム' }))
    await screen.findByRole('heading', { name: '星野 きらり' })
    fireEvent.keyDown(window, { key: 'ArrowDown' })
    await screen.findByRole('heading', { name: '青井 あおい' })
    const touch = screen.getByTestId('hc-stage')
    fireEvent.touchStart(touch, { touches: [{ clientY: 400 }] })
    fireEvent.touchEnd(touch, { changedTouches: [{ clientY: 200 }] })
    await screen.findByRole('heading', { name: '夢野 ゆめ' })
  })

  it('starts at the room in the address', async () => {
    renderApp('/r/hc?room=aoi_music', fakeApi(hcRoutes(hall)))
    await screen.findByRole('heading', { name: '青井 あおい' })
    expect(screen.getByTestId('hc-position').textContent).toBe('2 / 3')
  })

  it('says when no room is on air, with a way home', async () => {
    renderApp('/r/hc', fakeApi(hcRoutes([])))
    const empty = await screen.findByTestId('hc-empty')
    expect(within(empty).getByText(/いま配信中のルームはありません/)).toBeTruthy()
    expect(
      within(empty).getByRole('link', { name: 'トップページへ戻る' }).getAttribute('href'),
    ).toBe('/')
    expect(screen.queryByRole('banner')).toBeNull()
  })
})
