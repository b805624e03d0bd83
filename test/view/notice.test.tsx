// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { NoticeListAnswer } from '../../src/contract/notice.ts'
import { user } from '../model/fixtures.ts'
import { notice, noticePage } from '../model/notice-fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const notFound = { kind: 'server', status: 404, message: null, errorType: null, redirectUrl: null }

function site(patch: Routes = {}): Routes {
  return {
    '/api/current_user': user({ has_unread_user_notice: true, has_user_unread_notice: true }),
    '/api/live/onlive_num': { num: 1 },
    '/api/live/onlives': { onlives: [] },
    ...patch,
  }
}

describe('notice list', () => {
  it('lists the notices newest first with unread ones marked, and pages on "もっと見る"', async () => {
    const first = noticePage(1, 2, [1, 2])
    first.notices[1] = notice(2, { is_read: true, kind: 'news' })
    const api = fakeApi(
      site({
        '/api/notice': (q: { page: string }): NoticeListAnswer =>
          q.page === '1' ? first : noticePage(2, 2, [3]),
      }),
    )
    const app = renderApp('/notice', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ' })).toBeTruthy()
    const rows = await screen.findAllByTestId('notice-row')
    const [unread, read] = rows
    if (!unread || !read) throw new Error('two notices expected')
    expect(unread.textContent).toContain('未読')
    expect(unread.textContent).toContain('配信開始')
    expect(read.textContent).not.toContain('未読')
    expect(read.textContent).toContain('ニュース')
    expect(within(unread).getByRole('link').getAttribute('href')).toBe('/notice/1')
    expect(screen.getByText('未読 2 件')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }))
    await waitFor(() => expect(screen.getAllByTestId('notice-row')).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull()
    expect(api.calls.filter((c) => c.startsWith('/api/notice'))).toEqual([
      '/api/notice?page=1',
      '/api/notice?page=2',
    ])
    expect(app.router.state.location.pathname).toBe('/notice')
  })

  it('says when there are none; /notice/list is /notice', async () => {
    const api = fakeApi(
      site({ '/api/notice': { notices: [], current_page: 1, next_page: null, unread_num: 0 } }),
    )
    const app = renderApp('/notice/list', api)
    expect(await screen.findByText('お知らせはまだありません。')).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/notice')
  })

  it('asks an anonymous visitor to log in', async () => {
    const api = fakeApi(site({ '/api/current_user': user({ is_login: false }) }))
    const app = renderApp('/notice', api)
    expect(await screen.findByRole('dialog', { name: 'ログイン' })).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/')
    expect(api.calls.some((c) => c.startsWith('/api/notice'))).toBe(false)
    expect(screen.queryByTestId('header-notice')).toBeNull()
  })
})

describe('one notice', () => {
  it('shows it, links where it leads through the router, and clears the header’s unread dot', async () => {
    let unread = true
    const api = fakeApi(
      site({
        '/api/current_user': () =>
          user({ has_unread_user_notice: unread, has_user_unread_notice: unread }),
        '/api/notice/5': () => {
          unread = false
          return { notice: notice(5, { url: '/r/sports_ken', body: '配信が始まりました' }) }
        },
      }),
    )
    renderApp('/notice/5', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ5' })).toBeTruthy()
    expect(screen.getByText('配信が始まりました')).toBeTruthy()
    expect(screen.getByRole('link', { name: '詳しく見る' }).getAttribute('href')).toBe(
      '/r/sports_ken',
    )
    expect(screen.getByRole('link', { name: 'お知らせ一覧へ' }).getAttribute('href')).toBe(
      '/notice',
    )
    await waitFor(() => expect(screen.queryByTestId('header-unread')).toBeNull())
    expect(api.calls.filter((c) => c === '/api/current_user').length).toBeGreaterThan(1)
  })

  it('links nothing outside the site, and says when a notice is not the user’s', async () => {
    renderApp(
      '/notice/6',
      fakeApi(site({ '/api/notice/6': { notice: notice(6, { url: 'https://example.com/' }) } })),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'お知らせ6' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '詳しく見る' })).toBeNull()
    cleanup()
    renderApp('/notice/7', fakeApi(site({ '/api/notice/7': notFound })))
    expect(await screen.findByText('このお知らせは見つかりませんでした。')).toBeTruthy()
  })
})

describe('header', () => {
  it('shows a logged-in user the notices link, with a dot named in words while some are unread', async () => {
    renderApp('/', fakeApi(site()))
    const link = await screen.findByTestId('header-notice')
    expect(link.getAttribute('href')).toBe('/notice')
    expect(within(link).getByText('未読のお知らせがあります')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'お知らせ 未読のお知らせがあります' })).toBeTruthy()
  })
})
