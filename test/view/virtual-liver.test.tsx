// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type {
  VirtualEventsAnswer,
  VirtualRankingAnswer,
  VirtualRoom,
  VirtualRoomsAnswer,
} from '../../src/contract/virtual.ts'
import type { ApiFailure } from '../../src/domain/api-failure.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const room = (id: number, key: string, name: string, onAir: boolean): VirtualRoom => ({
  room_id: id,
  room_url_key: key,
  room_name: `${name}のお部屋`,
  main_name: name,
  image: `/img/room/${id}.svg`,
  is_onlive: onAir,
  view_num: onAir ? 1_234 : 0,
  follower_num: 8_600,
  started_at: onAir ? 1_700_000_000 : null,
})

const nova = room(9, 'vlive_nova', '星導 ノヴァ', true)
const kuon = room(10, 'vlive_kuon', '電子 くおん', false)

const rooms: VirtualRoomsAnswer = { onlives: [nova], newcomers: [kuon, nova], popular: [nova] }
const events: VirtualEventsAnswer = {
  events: [
    {
      event_id: 4,
      event_url_key: 'kirari_virtual_fes',
      event_name: 'バーチャルライバー ネオンフェス',
      image: '',
      started_at: 1_700_000_000,
      ended_at: 1_701_000_000,
      status: 'open',
    },
  ],
}
const ranking = (query: unknown): VirtualRankingAnswer => {
  const period = (query as { period: 'daily' | 'weekly' | 'monthly' }).period
  return {
    period,
    since: 1_700_000_000,
    ranking:
      period === 'weekly'
        ? [
            { ...kuon, rank: 1, point: 5_000 },
            { ...nova, rank: 2, point: 300 },
          ]
        : [{ ...nova, rank: 1, point: 300 }],
  }
}

function site(routes: Record<string, unknown> = {}) {
  return fakeApi({
    '/api/current_user': user(),
    '/api/live/onlive_num': { num: 1 },
    '/api/virtual_liver/rooms': rooms,
    '/api/virtual_liver/events': events,
    '/api/virtual_liver/ranking': ranking,
    ...routes,
  })
}

const tabs = () => screen.getByRole('navigation', { name: 'バーチャルライバーのページ' })

describe('virtual livers corner', () => {
  it('shows the virtual livers on air, new and popular, each card leading to the room', async () => {
    const rendered = renderApp('/virtual_liver', site())
    await screen.findByRole('heading', { level: 1, name: 'バーチャルライバー' })
    await waitFor(() => expect(document.title).toBe('バーチャルライバー | Kirari'))
    expect(document.querySelector('main.virtual-page')).not.toBeNull()
    const onAir = await screen.findByTestId('virtual-onlives')
    expect(within(onAir).getByText('1,234 人視聴中')).toBeTruthy()
    expect(within(screen.getByTestId('virtual-newcomers')).getAllByRole('listitem')).toHaveLength(2)
    expect(
      within(tabs()).getByRole('link', { name: 'ライバー' }).getAttribute('aria-current'),
    ).toBe('page')
    fireEvent.click(within(onAir).getByRole('link', { name: /星導 ノヴァ/ }))
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/r/vlive_nova'))
  })

  it('says so when no virtual liver is on air', async () => {
    renderApp('/virtual_liver', site({ '/api/virtual_liver/rooms': { ...rooms, onlives: [] } }))
    await screen.findByText('いま配信中のバーチャルライバーはいません。')
  })

  it('lists the events for virtual livers, linking each event page; the tabs lead there', async () => {
    const rendered = renderApp('/virtual_liver', site())
    await screen.findByTestId('virtual-onlives')
    fireEvent.click(within(tabs()).getByRole('link', { name: 'イベント' }))
    await screen.findByRole('heading', { level: 1, name: 'バーチャルライバーのイベント' })
    await waitFor(() => expect(document.title).toBe('イベント | バーチャルライバー | Kirari'))
    const list = await screen.findByTestId('virtual-events')
    const link = within(list).getByRole('link', { name: /ネオンフェス/ })
    expect(link.getAttribute('href')).toBe('/event/kirari_virtual_fes')
    expect(within(link).getByText('開催中')).toBeTruthy()
    expect(rendered.router.state.location.pathname).toBe('/virtual_liver/events')
    // One tab is current: /virtual_liver is the events page's parent, not the page shown.
    const current = within(tabs())
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page')
    expect(current.map((a) => a.textContent)).toEqual(['イベント'])
  })

  it('shows an empty events page', async () => {
    renderApp('/virtual_liver/events', site({ '/api/virtual_liver/events': { events: [] } }))
    await screen.findByText('バーチャルライバー向けのイベントはまだありません。')
  })

  it('ranks by points in a period; a period tab loads that period', async () => {
    const api = site()
    const rendered = renderApp('/virtual_liver/ranking', api)
    await screen.findByRole('heading', { level: 1, name: 'バーチャルライバーランキング' })
    await waitFor(() => expect(document.title).toBe('ランキング | バーチャルライバー | Kirari'))
    const list = await screen.findByTestId('virtual-ranking')
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(within(list).getByText('300 pt')).toBeTruthy()
    const periods = screen.getByRole('navigation', { name: '集計期間' })
    expect(within(periods).getByRole('link', { name: '日間' }).getAttribute('aria-current')).toBe(
      'page',
    )
    fireEvent.click(within(periods).getByRole('link', { name: '週間' }))
    await waitFor(() =>
      expect(within(screen.getByTestId('virtual-ranking')).getAllByRole('listitem')).toHaveLength(
        2,
      ),
    )
    expect(rendered.router.state.location.search).toEqual({ period: 'weekly' })
    expect(api.calls).toContain('/api/virtual_liver/ranking?period=weekly')
    expect(within(screen.getByTestId('virtual-ranking')).getByText('5,000 pt')).toBeTruthy()
  })

  it('shows an empty ranking, and a failure with a retry', async () => {
    const lost: ApiFailure = { kind: 'network', status: null }
    renderApp(
      '/virtual_liver/ranking?period=monthly',
      site({ '/api/virtual_liver/ranking': () => ({ period: 'monthly', since: 0, ranking: [] }) }),
    )
    await screen.findByText('この期間にギフトを受け取ったバーチャルライバーはまだいません。')
    cleanup()
    let answers: Array<VirtualEventsAnswer | ApiFailure> = [lost, events]
    renderApp(
      '/virtual_liver/events',
      site({
        '/api/virtual_liver/events': () => {
          const [first, ...rest] = answers
          answers = rest
          return first
        },
      }),
    )
    await screen.findByText('読み込めませんでした。')
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }))
    await screen.findByTestId('virtual-events')
    expect(screen.queryByText('読み込めませんでした。')).toBeNull()
  })

  it('is linked from the site menu', async () => {
    const rendered = renderApp('/', site())
    fireEvent.click(await screen.findByRole('button', { name: 'メニュー' }))
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'メニュー' })).getByRole('link', {
        name: 'バーチャルライバー',
      }),
    )
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/virtual_liver'))
  })
})
