// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import {
  CAMPAIGN_LAYOUTS,
  type CampaignAnswer,
  type CampaignRankingAnswer,
} from '../../src/contract/campaign.ts'
import type { Query } from '../../src/effects/api/client.ts'
import { NOW, user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const T0 = NOW / 1000
const DAY = 86_400

const campaign = (path: string, over: Partial<CampaignAnswer> = {}): CampaignAnswer => ({
  campaign_id: 1,
  path,
  layout: 'lp',
  title: 'キャンペーン',
  summary: 'ひとことの説明',
  body_html: '<h2>参加方法</h2><p>本文です。</p>',
  hero_image_url: '/img/campaign/hero.svg',
  started_at: T0 - DAY,
  ended_at: T0 + DAY,
  status: 'open',
  cta: null,
  ranking: null,
  showcase: null,
  measure: null,
  pages: [],
  ...over,
})

const idolcup = campaign('idolcup', {
  campaign_id: 11,
  layout: 'liver-ranking',
  title: 'アイドルカップ',
  cta: { label: 'イベントを見る', url: '/event/idolcup' },
  ranking: { kind: 'event', event_id: 5, update_every_minutes: 0 },
  pages: [
    { path: 'idolcup', title: 'アイドルカップ' },
    { path: 'idolcup/ranking', title: 'ランキング' },
  ],
})
const idolcupRanking: CampaignRankingAnswer = {
  kind: 'event',
  as_of: T0,
  next_update_at: null,
  ranking: [
    {
      rank: 1,
      room_id: 7,
      room_url_key: 'demo_room',
      room_name: 'デモルーム',
      main_name: 'デモ',
      image: '/img/room/7.svg',
      point: 12_345,
      is_onlive: true,
    },
    {
      rank: 2,
      room_id: 8,
      room_url_key: 'second_room',
      room_name: 'セカンドルーム',
      main_name: 'セカンド',
      image: '/img/room/8.svg',
      point: 900,
      is_onlive: false,
    },
  ],
  event: { event_id: 5, event_url_key: 'idolcup', event_name: 'アイドルカップ本戦' },
}
const whiteday = campaign('whiteday2024', {
  campaign_id: 12,
  layout: 'whiteday2024',
  title: 'ホワイトデー2024',
  started_at: T0 - 30 * DAY,
  ended_at: T0 - 20 * DAY,
  status: 'ended',
  cta: { label: '特設サイト', url: 'https://example.com/whiteday' },
  ranking: { kind: 'gift', gift_id: 3, update_every_minutes: 0 },
})
const emptyRanking: CampaignRankingAnswer = {
  kind: 'gift',
  as_of: T0 - 20 * DAY,
  next_update_at: null,
  ranking: [],
  event: null,
}

const notFound = {
  kind: 'server',
  status: 404,
  message: null,
  errorType: null,
  redirectUrl: null,
}

function site(campaigns: CampaignAnswer[], rankings: Record<number, CampaignRankingAnswer> = {}) {
  const routes: Routes = {
    '/api/current_user': user(),
    '/api/live/onlive_num': { num: 1 },
    '/api/liver_themes': {
      liver_themes: [
        {
          theme_id: 1,
          name: 'さくら',
          description: '春色のフレーム',
          frame_color: '#f9a8d4',
          accent_color: '#be185d',
          background_color: '#fff1f2',
          stamps: ['🌸'],
          image_url: '/img/theme/1.svg',
          is_pick_up: true,
        },
      ],
    },
  }
  const byPath = new Map(campaigns.map((c) => [c.path, c]))
  // As the server finds them: the path itself, or a `…/*` record for its free last segment.
  routes['/api/campaign'] = (q: unknown) => {
    const { path } = q as { path: string }
    return byPath.get(path) ?? byPath.get(path.replace(/\/[^/]+$/, '/*')) ?? notFound
  }
  const rest = fakeApi(routes)
  // A ranking answer has a `kind`, which fakeApi would take for a failure: answered here.
  return {
    ...rest,
    get: <T,>(p: string, q?: Query): Promise<T> => {
      if (p !== '/api/campaign/ranking') return rest.get<T>(p, q)
      rest.calls.push(`${p}?campaign_id=${String(q?.campaign_id)}`)
      return Promise.resolve((rankings[Number(q?.campaign_id)] ?? emptyRanking) as T)
    },
  }
}

describe('campaign pages', () => {
  it('/lp/idolcup: the liver-ranking layout, its pages, the CTA and the live event ranking', async () => {
    const api = site([idolcup], { 11: idolcupRanking })
    renderApp('/lp/idolcup', api)
    const heading = await screen.findByRole('heading', { level: 1, name: 'アイドルカップ' })
    const page = heading.closest('[data-layout]')
    expect(page?.getAttribute('data-layout')).toBe('liver-ranking')
    expect(page?.className).toContain('campaign--liver-ranking')
    await waitFor(() => expect(document.title).toBe('アイドルカップ | Kirari'))
    expect(api.calls).toContain('/api/campaign?path=idolcup')

    const nav = screen.getByRole('navigation', { name: 'キャンペーンのページ' })
    expect(
      within(nav).getByRole('link', { name: 'アイドルカップ' }).getAttribute('aria-current'),
    ).toBe('page')
    expect(within(nav).getByRole('link', { name: 'ランキング' }).getAttribute('href')).toBe(
      '/lp/idolcup/ranking',
    )
    expect(screen.getByRole('link', { name: 'イベントを見る' }).getAttribute('href')).toBe(
      '/event/idolcup',
    )
    expect(screen.getByRole('heading', { level: 2, name: '参加方法' })).toBeTruthy()

    const list = await screen.findByTestId('campaign-ranking')
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    const first = rows[0] as HTMLElement
    expect(within(first).getByRole('link', { name: 'デモルーム' }).getAttribute('href')).toBe(
      '/r/demo_room',
    )
    expect(within(first).getByText('配信中')).toBeTruthy()
    expect(within(first).getByTestId('campaign-point').textContent).toBe('12,345 pt')
    expect(within(rows[1] as HTMLElement).queryByText('配信中')).toBeNull()
    expect(api.calls).toContain('/api/campaign/ranking?campaign_id=11')
    expect(screen.getByTestId('campaign-as-of').textContent).toContain('時点')
    expect(
      screen
        .getByRole('link', { name: 'イベント「アイドルカップ本戦」のページへ' })
        .getAttribute('href'),
    ).toBe('/event/idolcup')
  })

  it('/lp/whiteday2024 once over: the ended banner with the period, the body, the final ranking', async () => {
    renderApp('/lp/whiteday2024', site([whiteday]))
    await screen.findByRole('heading', { level: 1, name: 'ホワイトデー2024' })
    const status = screen.getByTestId('campaign-status')
    expect(status.textContent).toContain('このキャンペーンは終了しました')
    expect(status.textContent).toContain('〜')
    expect(screen.getByTestId('campaign-body').textContent).toContain('本文です。')
    expect(document.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe(
      'whiteday2024',
    )
    const cta = screen.getByRole('link', { name: '特設サイト' })
    expect(cta.getAttribute('href')).toBe('https://example.com/whiteday')
    expect(cta.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await screen.findByText('まだランキングはありません')).toBeTruthy()
    expect(screen.queryByText('404')).toBeNull()
  })

  it('on a sibling page only that page is current, not the campaign above it', async () => {
    const ranking = { ...idolcup, campaign_id: 12, path: 'idolcup/ranking', title: 'ランキング' }
    renderApp('/lp/idolcup/ranking', site([idolcup, ranking], { 12: idolcupRanking }))
    await screen.findByRole('heading', { level: 1, name: 'ランキング' })
    const nav = screen.getByRole('navigation', { name: 'キャンペーンのページ' })
    const current = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('aria-current') === 'page')
    expect(current.map((a) => a.textContent)).toEqual(['ランキング'])
  })

  it('an unknown path is the not-found page', async () => {
    renderApp('/lp/no_such_campaign', site([idolcup]))
    expect(await screen.findByText('404')).toBeTruthy()
    expect(screen.getByText('/lp/no_such_campaign')).toBeTruthy()
    expect(document.querySelector('[data-layout]')).toBeNull()
  })

  it('a scheduled ranking counts down to its next update', async () => {
    const next = Math.floor(Date.now() / 1000) + 300
    const newcomer = campaign('newcomer_liver/update_ranking', {
      campaign_id: 13,
      layout: 'liver-ranking',
      title: '新人ライバー 定時ランキング',
      ranking: { kind: 'newcomer', days: 30, update_every_minutes: 60 },
    })
    renderApp(
      '/lp/newcomer_liver/update_ranking',
      site([newcomer], { 13: { ...emptyRanking, kind: 'newcomer', next_update_at: next } }),
    )
    const countdown = await screen.findByTestId('campaign-next-update')
    await waitFor(() => expect(countdown.textContent).toMatch(/^次の更新まで 0[45]:\d\d$/))
  })

  it('/lp/povo/{measure}: the povo shop link carries the measure', async () => {
    const povo = campaign('povo/*', {
      campaign_id: 14,
      layout: 'povo',
      title: 'povo でおトク',
      showcase: 'povo_shop',
      measure: 'spring_ad',
    })
    const api = site([povo])
    renderApp('/lp/povo/spring_ad', api)
    const link = await screen.findByTestId('campaign-povo-link')
    expect(link.getAttribute('href')).toBe('/povo_ec?measure=spring_ad')
    expect(screen.getByTestId('campaign-measure').textContent).toContain('spring_ad')
  })

  it('a site link in the body moves within the app; an outside one is left to the browser', async () => {
    const linked = campaign('bgm', {
      body_html:
        '<p><a href="/lp/other">もうひとつのページ</a> <a href="https://example.com/" target="_blank" rel="noopener noreferrer">外</a></p>',
    })
    const other = campaign('other', { campaign_id: 2, title: 'もうひとつ' })
    const rendered = renderApp('/lp/bgm', site([linked, other]))
    const body = await screen.findByTestId('campaign-body')
    const outside = within(body).getByRole('link', { name: '外' })
    // Not taken over: the click's default (a new tab) is the browser's.
    expect(fireEvent.click(outside)).toBe(true)
    // Taken over: the default (a page load) is prevented and the router moves.
    expect(fireEvent.click(within(body).getByRole('link', { name: 'もうひとつのページ' }))).toBe(
      false,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'もうひとつ' })).toBeTruthy()
    expect(rendered.router.state.location.pathname).toBe('/lp/other')
  })

  it.each(CAMPAIGN_LAYOUTS)('the %s layout renders with its class', async (layout) => {
    const one = campaign('sample', {
      layout,
      title: `見本 ${layout}`,
      showcase: layout === 'liver-theme' ? 'liver_themes' : null,
    })
    renderApp('/lp/sample', site([one]))
    const heading = await screen.findByRole('heading', { level: 1, name: `見本 ${layout}` })
    const page = heading.closest('[data-layout]')
    expect(page?.getAttribute('data-layout')).toBe(layout)
    expect(page?.classList.contains(`campaign--${layout}`)).toBe(true)
    if (layout === 'liver-theme') {
      expect(await screen.findByRole('heading', { level: 2, name: 'ライバーテーマ' })).toBeTruthy()
      // The gallery of /api/liver_themes, drawn by the liver themes' own component.
      expect((await screen.findByTestId('theme-card-1')).textContent).toContain('さくら')
    }
  })
})
