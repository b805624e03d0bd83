// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AvatarsAnswer, OwnedAvatar } from '../../src/contract/avatar.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { AVATAR_NOT_OWNED_MESSAGE, avatarUrl } from '../../src/domain/avatar.ts'
import { account, user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const entry = (avatar_id: number, name: string | null): OwnedAvatar => ({
  avatar_id,
  avatar_url: avatarUrl(avatar_id),
  name: name ?? `ベーシック ${avatar_id + 1}`,
  is_default: name === null,
  is_fav: false,
  rarity: name === null ? null : 'SSR',
  acquired_num: name === null ? 0 : 1,
})

/** A server of one user: wearing and marking change what the next GETs answer. */
function site(routes: Routes = {}) {
  let worn = 3
  const avatars = [entry(105, 'アバター「ひよこ」'), ...[0, 1, 2, 3].map((id) => entry(id, null))]
  const api = fakeApi({
    '/api/current_user': () => user({ avatar_id: worn, avatar_url: avatarUrl(worn) }),
    '/api/live/onlive_num': { num: 1 },
    '/api/users/me/avatars': (): AvatarsAnswer => ({ current_avatar_id: worn, avatars }),
    ...routes,
  })
  const posted: Array<[string, unknown]> = []
  api.postForm = <T,>(path: string, body?: Record<string, unknown>) => {
    posted.push([path, body])
    const id = Number(body?.avatar_id)
    if (!avatars.some((a) => a.avatar_id === id)) {
      return Promise.reject<T>(
        new ApiRequestError({
          kind: 'server',
          status: 400,
          message: '入力内容を確認してください',
          errorType: 'INVALID_FIELDS',
          redirectUrl: null,
          fieldErrors: { avatar_id: AVATAR_NOT_OWNED_MESSAGE },
        }),
      )
    }
    if (path === '/api/user/update_user_avatar') {
      worn = id
      return Promise.resolve({ avatar_id: id, avatar_url: avatarUrl(id) } as T)
    }
    const isFav = body?.is_fav === 1
    for (const a of avatars) if (a.avatar_id === id) a.is_fav = isFav
    return Promise.resolve({ avatar_id: id, is_fav: isFav } as T)
  }
  return { api, posted }
}

const headerAvatar = () => document.querySelector<HTMLImageElement>('.user-chip img')

describe('/user_avatar', () => {
  it('wears an owned avatar: the current mark moves and the header shows it at once', async () => {
    const { api, posted } = site()
    const rendered = renderApp('/user_avatar', api)
    await screen.findByRole('heading', { level: 1, name: 'アバター' })
    await waitFor(() => expect(document.title).toBe('アバター | Kirari'))
    expect(headerAvatar()?.getAttribute('src')).toBe('/img/avatar/3.svg')
    const grid = screen.getByRole('list', { name: '持っているアバター' })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(5)
    const worn = screen.getByRole('button', { name: 'ベーシック 4（使用中）' })
    expect(worn.getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(screen.getByRole('button', { name: /^アバター「ひよこ」を使う/ }))
    await screen.findByRole('button', { name: /^アバター「ひよこ」（使用中）/ })
    expect(posted).toEqual([['/api/user/update_user_avatar', { avatar_id: 105 }]])
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'avatar.chosen' })
    expect(screen.getByTestId('avatar-worn').querySelector('img')?.getAttribute('src')).toBe(
      '/img/avatar/105.svg',
    )
    await waitFor(() => expect(headerAvatar()?.getAttribute('src')).toBe('/img/avatar/105.svg'))
  })

  it('marks favourites with the star, and the filter shows only them', async () => {
    const { api, posted } = site()
    renderApp('/user_avatar', api)
    await screen.findByRole('heading', { level: 1, name: 'アバター' })
    fireEvent.click(screen.getByRole('button', { name: 'お気に入り' }))
    expect(await screen.findByText(/お気に入りのアバターはまだありません/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'すべて' }))

    const star = screen.getByRole('button', { name: 'ベーシック 2をお気に入りに追加' })
    expect(star.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(star)
    const marked = await screen.findByRole('button', { name: 'ベーシック 2をお気に入りから外す' })
    expect(marked.getAttribute('aria-pressed')).toBe('true')
    expect(posted).toEqual([['/api/user_avatar/fav', { avatar_id: 1, is_fav: 1 }]])

    fireEvent.click(screen.getByRole('button', { name: 'お気に入り' }))
    const grid = screen.getByRole('list', { name: '持っているアバター' })
    expect(
      within(grid)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual(['avatar-1'])
  })

  it('is linked from /mypage', async () => {
    const { api } = site({
      '/api/account/': account(),
    })
    const rendered = renderApp('/mypage', api)
    fireEvent.click(await screen.findByRole('link', { name: 'アバターを変更する' }))
    await screen.findByRole('heading', { level: 1, name: 'アバター' })
    expect(rendered.router.state.location.pathname).toBe('/user_avatar')
  })
})
