// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { liveRoom as room } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

// The panel's clock is the device's (src/effects/clock.ts): the lists are asked "now" too, so
// their windows do not turn during the test.

describe('missions in a room', () => {
  it('opens the panel from its button, with the rewards waiting and a link to /mission', async () => {
    const api = fakeApi(room())
    renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const button = await screen.findByRole('button', { name: /^ミッション/ })
    // 1 daily + 2 monthly + 1 limited rewards wait.
    await waitFor(() => expect(button.textContent).toContain('受け取れる報酬 4'))
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const panel = screen.getByRole('region', { name: 'ミッション' })
    expect(within(panel).getAllByRole('tab')).toHaveLength(3)
    expect(within(panel).getByRole('link', { name: 'すべて見る' }).getAttribute('href')).toBe(
      '/mission?room_id=7&room=kirari_hoshino',
    )
    expect(api.calls).toContain('/api/mission?room_id=7')
    const sheet = document.getElementById('mission-sheet')
    if (!sheet) throw new Error('no mission sheet')
    fireEvent.click(within(sheet).getByRole('button', { name: '閉じる' }))
    expect(screen.queryByRole('region', { name: 'ミッション' })).toBeNull()
  })

  it('toasts a comment that completed a mission, and the panel loads its lists again', async () => {
    const api = fakeApi(room())
    const rendered = renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    const box = await screen.findByRole('textbox', { name: 'コメント' })
    await waitFor(() =>
      expect(api.calls.filter((c) => c === '/api/mission?room_id=7')).toHaveLength(1),
    )
    fireEvent.change(box, { target: { value: 'こんにちは' } })
    fireEvent.click(screen.getByRole('button', { name: '送信' }))
    await waitFor(() =>
      expect(rendered.notices).toContainEqual({ tone: 'success', key: 'mission.achievedToast' }),
    )
    await waitFor(() =>
      expect(api.calls.filter((c) => c === '/api/mission?room_id=7')).toHaveLength(2),
    )
  })

  it('toasts minutes watched that completed a mission when the poll carries no toast', async () => {
    const api = fakeApi({
      ...room(),
      '/api/live/polling': {
        is_login: true,
        online_user_num: 10,
        live_watch_incentive: {},
        mission: { has_achievement: true },
      },
    })
    const rendered = renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    await waitFor(() =>
      expect(rendered.notices).toContainEqual({ tone: 'success', key: 'mission.achievedToast' }),
    )
    await waitFor(() =>
      expect(api.calls.filter((c) => c === '/api/mission?room_id=7')).toHaveLength(2),
    )
  })
})
