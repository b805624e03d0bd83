// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { user } from '../model/fixtures.ts'
import { answer } from '../model/mission-fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

// The panel's clock is the device's (src/effects/clock.ts): the lists are asked "now" too, so
// their windows do not turn during the test.

/** A live room (id 7) whose comments complete a mission. */
const room = (): Routes => ({
  '/api/current_user': user(),
  '/api/live/onlive_num': { num: 3 },
  '/api/room/status': {
    room_id: 7,
    room_url_key: 'kirari_hoshino',
    room_name: '星野きらりの部屋',
    main_name: '星野 きらり',
    description: '',
    image: '/img/room/1.svg',
    is_official: false,
    follower_num: 120,
    broadcast_host: 'localhost',
    broadcast_key: '7:abc',
    is_live: true,
    live_id: 70,
    started_at: 1,
    is_owner: false,
    is_fav: false,
  },
  '/api/live/comment_log': { comment_log: [] },
  '/api/live/streaming_url': { streaming_url_list: [] },
  '/api/live/telop': { telop: '' },
  '/api/room/welcome_comment': { comment: '' },
  '/api/room/banners': { banners: [] },
  '/api/recommended_live_comment': { recommend_comments: [] },
  '/api/live/polling': { is_login: true, online_user_num: 10 },
  '/api/live/gift_log': { gift_log: [] },
  '/api/live/gift_list': { normal: [], enquete: [] },
  '/api/live/gift_groups': { gift_groups: [] },
  '/api/live/current_user': {
    gold: 0,
    expiring_gold: 0,
    gift_list: { normal: [], enquete: [] },
    is_confirm_gifting_use_gold: true,
    fan_level: 0,
  },
  '/api/mission': answer(),
  '/api/live/post_live_comment': {
    comment: 'こんにちは',
    ua: 0,
    aft: 0,
    mission: { has_achievement: true },
  },
})

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
