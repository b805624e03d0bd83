// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { LiverTheme, RoomLiverThemeAnswer } from '../../src/contract/liver-theme.ts'
import { user } from '../model/fixtures.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const theme = (id: number, name: string, stamps: string[], pickUp = false): LiverTheme => ({
  theme_id: id,
  name,
  description: `${name}のテーマです`,
  frame_color: '#f4a7c0',
  accent_color: '#c2336a',
  background_color: '#2a1b2e',
  stamps,
  image_url: `/img/liver_theme/${id}.svg`,
  is_pick_up: pickUp,
})
const yozakura = theme(1, '夜桜', ['🌸', 'きれい'], true)
const matsuri = theme(3, '夏祭り', ['🎆', 'わっしょい'], true)
const themed = (t: LiverTheme | null): RoomLiverThemeAnswer => ({ room_id: 7, liver_theme: t })

/** An API that also records what was posted (the fake answers by path alone). */
function recording(routes: Routes) {
  const inner = fakeApi(routes)
  const posted: Array<[string, unknown]> = []
  return {
    ...inner,
    posted,
    postForm: <T,>(path: string, body?: unknown) => {
      posted.push([path, body])
      return inner.postForm<T>(path)
    },
    postJson: <T,>(path: string, body?: unknown) => {
      posted.push([path, body])
      return inner.postJson<T>(path)
    },
  }
}

const roomOf = () => document.querySelector('.room-theme')

describe('liver themes on the room page', () => {
  it("draws a viewer's room in its theme; a stamp tap sends the stamp, the typed text kept", async () => {
    const api = recording({
      ...liveRoom(),
      '/api/room/liver_theme': themed(yozakura),
    })
    renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const stamps = await screen.findByRole('list', { name: 'スタンプを送る' })
    expect(roomOf()?.getAttribute('data-liver-theme')).toBe('1')
    const style = (roomOf() as HTMLElement).style
    expect(style.getPropertyValue('--theme-frame')).toBe('#f4a7c0')
    expect(style.getPropertyValue('--theme-bg')).toBe('#2a1b2e')
    // A viewer gets no catalogue and no picker.
    expect(api.calls).not.toContain('/api/liver_themes')
    expect(screen.queryByTestId('theme-picker')).toBeNull()
    // What the viewer has typed stays in the box: the stamp goes out on its own.
    const box = await screen.findByRole<HTMLInputElement>('textbox', { name: 'コメント' })
    fireEvent.change(box, { target: { value: '書きかけ' } })
    fireEvent.click(within(stamps).getByRole('button', { name: '「🌸」を送る' }))
    await waitFor(() =>
      expect(api.posted.map(([path]) => path)).toContain('/api/live/post_live_comment'),
    )
    const sent = api.posted.find(([path]) => path === '/api/live/post_live_comment')?.[1]
    expect(sent).toMatchObject({ live_id: 70, comment: '🌸' })
    await waitFor(() =>
      expect(within(stamps).getAllByRole('button')[0]?.hasAttribute('disabled')).toBe(false),
    )
    expect(box.value).toBe('書きかけ')
  })

  it('asks a logged-out viewer to log in on a stamp tap, as a typed comment does', async () => {
    const api = recording({
      ...liveRoom(),
      '/api/current_user': { ...user(), is_login: false },
      '/api/room/liver_theme': themed(yozakura),
    })
    renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const stamps = await screen.findByRole('list', { name: 'スタンプを送る' })
    fireEvent.click(within(stamps).getByRole('button', { name: '「きれい」を送る' }))
    await screen.findByRole('dialog')
    expect(api.posted.map(([path]) => path)).not.toContain('/api/live/post_live_comment')
  })

  it('shows a room without a theme in the site colours, with no stamps', async () => {
    renderApp(
      '/r/kirari_hoshino',
      fakeApi({ ...liveRoom(), '/api/room/liver_theme': themed(null) }),
      { nowMs: Date.now() },
    )
    await screen.findByRole('textbox', { name: 'コメント' })
    await waitFor(() => expect(roomOf()).not.toBeNull())
    expect(roomOf()?.getAttribute('data-liver-theme')).toBeNull()
    expect(screen.queryByTestId('theme-stamps')).toBeNull()
  })

  it('lets the owner pick a theme from the panel: a toast, and the room changes at once', async () => {
    const base = liveRoom()
    const status = base['/api/room/status'] as Record<string, unknown>
    let current: LiverTheme | null = yozakura
    const api = recording({
      ...base,
      '/api/room/status': { ...status, is_owner: true },
      '/api/room/liver_theme': () => themed(current),
      '/api/liver_themes': { liver_themes: [yozakura, matsuri] },
    })
    const rendered = renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const picker = await screen.findByTestId('theme-picker')
    fireEvent.click(within(picker).getByText('ルームのテーマ'))
    expect((await within(picker).findByTestId('theme-current')).textContent).toContain('夜桜')
    const card = within(picker).getByTestId('theme-card-3')
    expect(within(card).getByText('夏祭り')).toBeTruthy()
    expect(within(card).getByText('ピックアップ')).toBeTruthy()
    // The worn theme's button says so and waits.
    const worn = within(within(picker).getByTestId('theme-card-1')).getByRole('button')
    expect(worn.textContent).toBe('使用中')
    expect((worn as HTMLButtonElement).disabled).toBe(true)
    current = matsuri
    fireEvent.click(within(card).getByRole('button', { name: 'このテーマにする' }))
    await waitFor(() =>
      expect(rendered.notices).toContainEqual({ tone: 'success', key: 'liverTheme.saved' }),
    )
    expect(api.posted).toContainEqual(['/api/room/liver_theme', { room_id: '7', theme_id: '3' }])
    expect(roomOf()?.getAttribute('data-liver-theme')).toBe('3')
    expect(within(picker).getByTestId('theme-current').textContent).toContain('夏祭り')
    expect(screen.getByRole('button', { name: '「わっしょい」を送る' })).toBeTruthy()
    // テーマなし takes it off.
    current = null
    fireEvent.click(within(picker).getByRole('button', { name: 'テーマなし' }))
    await waitFor(() =>
      expect(rendered.notices).toContainEqual({ tone: 'success', key: 'liverTheme.cleared' }),
    )
    expect(roomOf()?.getAttribute('data-liver-theme')).toBeNull()
    expect(screen.queryByTestId('theme-stamps')).toBeNull()
  })
})
