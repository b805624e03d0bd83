// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { JewelHistAnswer } from '../../src/contract/jewel.ts'
import { shiftMonth } from '../../src/domain/jewel-months.ts'
import { user } from '../model/fixtures.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const CURRENT = '2026-11'
const started = Date.UTC(2026, 10, 3, 11, 0) / 1000

function answerFor(month: string): JewelHistAnswer {
  const paid = month === CURRENT ? 12_345 : 500
  return {
    room_id: 7,
    month,
    current_month: CURRENT,
    total: { paid, free: 67, gifts: 40 },
    lives: [
      {
        live_id: 31,
        started_at: started,
        ended_at: started + 65 * 60,
        paid,
        free: 67,
        givers: 3,
      },
    ],
    months: Array.from({ length: 12 }, (_, i) => ({
      month: shiftMonth(month, i - 11),
      paid: i === 11 ? paid : 0,
      free: i === 11 ? 67 : 0,
    })),
  }
}

const account = {
  account_id: 'demo_liver',
  name: 'デモライバー',
  avatar_url: '/img/avatar/3.svg',
  image: '/img/avatar/3.svg',
  level: 4,
  gold: 0,
  expiring_gold: 0,
  user_id: 1,
  room_id: 7,
  is_room_owner: true,
  twitter_auth: false,
  facebook_auth: false,
  birthday: 20000101,
  is_legal_representative_agreed: false,
  sms_auth: true,
}

/** `/api/jewel_hist` for room 7: the month asked for (this one by default). */
const jewelHist = (query: unknown) => {
  const q = query as { room_id: string; month?: string }
  expect(q.room_id).toBe('7')
  return answerFor(q.month ?? CURRENT)
}

function site() {
  return fakeApi({
    '/api/current_user': user(),
    '/api/account/': account,
    '/api/live/onlive_num': { num: 1 },
    '/api/jewel_hist': jewelHist,
  })
}

describe('jewel history page', () => {
  it("shows the month's totals and lives, and switching month loads the other month", async () => {
    const api = site()
    renderApp('/jewel_hist/7', api)
    await screen.findByRole('heading', { level: 1, name: 'ジュエル履歴' })
    expect(screen.getByTestId('jewel-paid').textContent).toBe('12,345')
    expect(screen.getByTestId('jewel-free').textContent).toBe('67')
    expect(screen.getByTestId('jewel-month').textContent).toBe('2026年11月')
    expect(screen.getAllByTestId('jewel-live')[0]?.textContent).toContain('1:05')
    const next = screen.getByRole('button', { name: '次の月' })
    expect(next.hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: '前の月' }))
    await waitFor(() => expect(screen.getByTestId('jewel-month').textContent).toBe('2026年10月'))
    expect(screen.getByTestId('jewel-paid').textContent).toBe('500')
    expect(api.calls).toContain('/api/jewel_hist?room_id=7&month=2026-10')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '次の月' }).hasAttribute('disabled')).toBe(false),
    )
    fireEvent.click(screen.getByRole('button', { name: '次の月' }))
    await waitFor(() => expect(screen.getByTestId('jewel-paid').textContent).toBe('12,345'))
  })

  it("leads a room owner from /mypage to the room's history", async () => {
    const rendered = renderApp('/mypage', site())
    fireEvent.click(await screen.findByTestId('mypage-jewel-hist'))
    await screen.findByRole('heading', { level: 1, name: 'ジュエル履歴' })
    expect(rendered.router.state.location.pathname).toBe('/jewel_hist/7')
  })

  it("leads the owner from the room's owner panel to the room's history", async () => {
    const routes = liveRoom()
    const status = routes['/api/room/status'] as Record<string, unknown>
    const rendered = renderApp(
      '/r/kirari_hoshino',
      fakeApi({
        ...routes,
        '/api/room/status': { ...status, is_owner: true },
        '/api/jewel_hist': jewelHist,
      }),
    )
    const panel = await screen.findByRole('region', { name: '配信者メニュー' })
    fireEvent.click(within(panel).getByRole('link', { name: 'ギフトの獲得ポイントを見る' }))
    await screen.findByRole('heading', { level: 1, name: 'ジュエル履歴' })
    expect(rendered.router.state.location.pathname).toBe('/jewel_hist/7')
  })
})
