// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { OnliveGenre, OnliveItem } from '../../src/domain/api-types.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const live = (id: number, name: string, viewers: number, genre: number): OnliveItem =>
  ({
    room_url_key: `room_${id}`,
    main_name: name,
    sub_name: '',
    view_num: viewers,
    live_id: id,
    room_id: id,
    genre_id: genre,
    official_lv: 0,
    image: `/img/room/${id}.svg`,
    tags: [] as string[],
  }) as OnliveItem

const onlives = (genres: OnliveGenre[]) => ({ onlives: genres })

function site(patch: Routes = {}): Routes {
  return {
    '/api/current_user': user({ is_login: false, account_id: '', birthday: null }),
    '/api/live/onlive_num': { num: 12345 },
    '/api/live/onlives': (q: Record<string, unknown> | undefined) =>
      q?.is_pickup
        ? onlives([
            { genre_id: 8, genre_name: 'Pick Up', lives: [live(2, '青井 そら', 9999, 101)] },
          ])
        : onlives([
            {
              genre_id: 101,
              genre_name: q?.lang === 'en' ? 'Music' : 'ミュージック',
              lives: [live(2, '青井 そら', 9999, 101)],
            },
            {
              genre_id: 102,
              genre_name: q?.lang === 'en' ? 'Idol' : 'アイドル',
              lives: [live(1, '星野 きらり', 12345, 102)],
            },
          ]),
    ...patch,
  }
}

describe('home page', () => {
  it('lists rooms on air by genre, Pick Up first, with compact counts, in Japanese', async () => {
    const app = renderApp('/', fakeApi(site()))
    const headings = await screen.findAllByRole('heading', { level: 2 })
    expect(headings.map((h) => h.textContent)).toEqual(['Pick Up', 'ミュージック', 'アイドル'])
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('配信中のルーム')
    expect(screen.getByTestId('onair-count').textContent).toBe('配信中 12.35K')
    const idol = screen.getByRole('region', { name: 'アイドル' })
    expect(within(idol).getByText('12.35K 人視聴中')).toBeTruthy()
    expect(within(idol).getByRole('link').getAttribute('href')).toBe('/r/room_1')
    expect(screen.getAllByText('9,999 人視聴中')).toHaveLength(2)
    expect(document.title).toBe('ライブ配信 | Kirari')
    await waitFor(() =>
      expect(app.pageViews).toContainEqual({
        path: '/',
        title: 'ライブ配信 | Kirari',
        locale: 'ja',
      }),
    )
  })

  it('shows the timeout error flag from a failed load, and the user can dismiss it', async () => {
    renderApp('/', fakeApi(site({ '/api/live/onlives': { kind: 'timeout', status: null } })))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('通信エラーが発生しました')
    expect(await screen.findByText('配信一覧を読み込めませんでした。')).toBeTruthy()
    fireEvent.click(within(alert).getByRole('button', { name: '閉じる' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })
})

describe('routing rules', () => {
  it('shows the 404 page with the path for an unknown route', async () => {
    renderApp('/no/such/page', fakeApi(site()))
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page Not Found')
    expect(screen.getByText('/no/such/page')).toBeTruthy()
    expect(document.title).toBe('Page Not Found /no/such/page | Kirari')
  })

  it('shows the 404 page for an id that is not one, with the id rule the server uses', async () => {
    for (const path of ['/lottery/0', '/lottery/1e3', '/povo_ec/2147483648', '/povo_ec/1/x']) {
      renderApp(path, fakeApi(site()))
      expect([path, (await screen.findByRole('heading', { level: 1 })).textContent]).toEqual([
        path,
        'Page Not Found',
      ])
      expect(screen.getByText(path)).toBeTruthy()
      cleanup()
    }
  })

  it('sends a 503 to the maintenance page', async () => {
    const app = renderApp(
      '/terms',
      fakeApi(site({ '/api/current_user': { kind: 'maintenance', status: 503 } })),
    )
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'ただいまメンテナンス中です',
    )
    expect(app.router.state.location.pathname).toBe('/maintenance')
  })

  it('sends a 12-year-old without agreement to the guardian consent page, no birthday home, and lets an adult stay', async () => {
    const minor = renderApp(
      '/lottery/ad_reward/maintenance',
      fakeApi(site({ '/api/current_user': user({ birthday: 20131123 }) })),
    )
    await waitFor(() =>
      expect(minor.router.state.location.pathname).toBe('/legal_representative_agreement'),
    )
    cleanup()
    const unborn = renderApp(
      '/lottery/ad_reward/maintenance',
      fakeApi(site({ '/api/current_user': user({ birthday: null }) })),
    )
    await waitFor(() => expect(unborn.router.state.location.pathname).toBe('/'))
    cleanup()
    const adult = renderApp(
      '/lottery/ad_reward/maintenance',
      fakeApi(site({ '/api/current_user': user() })),
    )
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      '広告リワードくじ メンテナンス中',
    )
    expect(adult.router.state.location.pathname).toBe('/lottery/ad_reward/maintenance')
  })

  it('sends /lottery/ad_reward to its maintenance page inside the window', async () => {
    const app = renderApp('/lottery/ad_reward', fakeApi(site()), { nowMs: 1736348400 * 1000 })
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe('/lottery/ad_reward/maintenance'),
    )
  })

  it('closes the menu when the user navigates', async () => {
    const app = renderApp('/', fakeApi(site()))
    fireEvent.click(await screen.findByRole('button', { name: 'メニュー' }))
    const menu = screen.getByRole('navigation', { name: 'メニュー' })
    fireEvent.click(within(menu).getByRole('link', { name: '利用規約' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/terms'))
    expect(screen.queryByRole('navigation', { name: 'メニュー' })).toBeNull()
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('利用規約')
  })
})

describe('locale', () => {
  it('switching to English loads it, stores the cookie and moves to the /en path', async () => {
    const app = renderApp('/terms', fakeApi(site()))
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    fireEvent.change(screen.getByRole('combobox', { name: '言語' }), { target: { value: 'en' } })
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service'),
    )
    expect(app.cookies).toEqual(['en'])
    await waitFor(() => expect(app.router.state.location.publicHref).toMatch(/^\/en\/terms/))
    expect(document.title).toBe('Terms of Service | Kirari')
  })

  it('reads the locale from the URL prefix', async () => {
    renderApp('/th/terms', fakeApi(site()), { locale: 'th' })
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).not.toBe('利用規約')
    expect(screen.getByRole('combobox', { name: /./ })).toHaveProperty('value', 'th')
  })
})

describe('static pages', () => {
  it.each(['terms', 'licence', 'tokusho', 'privacypolicy', 'logo_guideline'])(
    '/%s has a title and sections of text',
    async (page) => {
      renderApp(`/${page}`, fakeApi(site()))
      const h1 = await screen.findByRole('heading', { level: 1 })
      expect(document.title).toBe(`${h1.textContent} | Kirari`)
      const sections = screen.getAllByRole('heading', { level: 2 })
      expect(sections.length).toBeGreaterThanOrEqual(5)
    },
  )
})
