// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { RoomGenresAnswer, SearchRoomsAnswer } from '../../src/contract/search.ts'
import { user } from '../model/fixtures.ts'
import { foundRoom, resultsPage } from '../model/search-fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const genres: RoomGenresAnswer = {
  genres: [
    { genre_id: 102, genre_name: 'アイドル', room_num: 3, onlive_num: 1 },
    { genre_id: 200, genre_name: '声優・アニメ', room_num: 1, onlive_num: 0 },
  ],
}

function site(patch: Routes = {}): Routes {
  return {
    '/api/current_user': user({ is_login: false }),
    '/api/live/onlive_num': { num: 1 },
    '/api/live/onlives': { onlives: [] },
    '/api/search/autocomplete_room': (q: { keyword: string }) => ({
      rooms: q.keyword === 'あい' ? [foundRoom(1, { is_online: true }), foundRoom(2)] : [],
    }),
    '/api/search/room_genres': genres,
    '/api/search/rooms': (q: { genre_id?: string; page: string }): SearchRoomsAnswer =>
      q.genre_id
        ? resultsPage(1, 1, [2])
        : q.page === '1'
          ? resultsPage(1, 2, [1, 2])
          : resultsPage(2, 2, [3]),
    ...patch,
  }
}

/** The header's field, loaded as the combobox once focused. */
async function combobox() {
  fireEvent.focus(await screen.findByRole('searchbox', { name: 'ルームを検索' }))
  return screen.findByRole('combobox', { name: 'ルームを検索' })
}

describe('header search', () => {
  it('suggests rooms after a pause, walks them with the arrows, Enter opens the chosen room', async () => {
    const api = fakeApi(site())
    const app = renderApp('/', api)
    const box = await combobox()
    expect(box.getAttribute('aria-expanded')).toBe('false')
    fireEvent.change(box, { target: { value: 'あ' } })
    fireEvent.change(box, { target: { value: 'あい' } })
    const list = await screen.findByRole('listbox', { name: 'ルームの候補' })
    expect(box.getAttribute('aria-expanded')).toBe('true')
    // One request for the pause, none for the key typed before it.
    expect(api.calls.filter((c) => c.startsWith('/api/search/autocomplete_room'))).toEqual([
      `/api/search/autocomplete_room?keyword=${encodeURIComponent('あい')}`,
    ])
    const options = within(list).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['ルーム1配信中アイドル', 'ルーム2アイドル'])
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id)
    expect(options[1]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/r/room_1'))
  })

  it('closes the list on Escape; Enter with none chosen opens the results page', async () => {
    const app = renderApp('/', fakeApi(site()))
    const box = await combobox()
    fireEvent.change(box, { target: { value: 'あい' } })
    const list = await screen.findByRole('listbox', { name: 'ルームの候補' })
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(within(list).queryAllByRole('option', { hidden: true })).toEqual([])
    fireEvent.keyDown(box, { key: 'Enter' })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/search'))
    expect(app.router.state.location.search).toEqual({ keyword: 'あい' })
    expect(
      await screen.findByRole('heading', { level: 1, name: '「あい」の検索結果' }),
    ).toBeTruthy()
  })

  it('opens a full-width field from the search button (the phone’s way)', async () => {
    renderApp('/', fakeApi(site()))
    const button = await screen.findByRole('button', { name: 'ルームを検索' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const box = await screen.findByRole('combobox', { name: 'ルームを検索' })
    await waitFor(() => expect(document.activeElement).toBe(box))
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })
})

describe('results page', () => {
  it('lists the rooms found, pages, and browses by genre with counts', async () => {
    const api = fakeApi(site())
    renderApp(`/search?keyword=${encodeURIComponent('ルーム')}`, api)
    expect(
      await screen.findByRole('heading', { level: 1, name: '「ルーム」の検索結果' }),
    ).toBeTruthy()
    await waitFor(() => expect(screen.getAllByTestId('search-room')).toHaveLength(2))
    expect(screen.getByText('4 件')).toBeTruthy()
    const first = screen.getAllByTestId('search-room')[0]
    expect(first && within(first).getByRole('link').getAttribute('href')).toBe('/r/room_1')
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }))
    await waitFor(() => expect(screen.getAllByTestId('search-room')).toHaveLength(3))
    const chips = within(screen.getByRole('group', { name: 'ジャンルで探す' }))
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'すべて',
      'アイドル 3',
      '声優・アニメ 1',
    ])
    fireEvent.click(chips.getByRole('button', { name: 'アイドル 3' }))
    await waitFor(() => expect(screen.getAllByTestId('search-room')).toHaveLength(1))
    expect(api.calls.filter((c) => c.startsWith('/api/search/rooms'))).toEqual([
      `/api/search/rooms?keyword=${encodeURIComponent('ルーム')}&page=1`,
      `/api/search/rooms?keyword=${encodeURIComponent('ルーム')}&page=2`,
      `/api/search/rooms?keyword=${encodeURIComponent('ルーム')}&page=1&genre_id=102`,
    ])
  })

  it('says when nothing is found', async () => {
    renderApp(
      '/search?keyword=zzz',
      fakeApi(
        site({
          '/api/search/rooms': { rooms: [], current_page: 1, next_page: null, total_entries: 0 },
        }),
      ),
    )
    expect(await screen.findByText('該当するルームは見つかりませんでした。')).toBeTruthy()
  })
})
