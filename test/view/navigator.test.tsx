// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type {
  MyRoomRightsAnswer,
  NavigatorEntry,
  NavigatorPermissionBody,
  NavigatorPermissionsAnswer,
} from '../../src/contract/navigator.ts'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { user } from '../model/fixtures.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const nav = (
  accountId: string,
  name: string,
  rights: NavigatorEntry['rights'],
): NavigatorEntry => ({
  user_id: accountId.length,
  account_id: accountId,
  name,
  avatar_url: '/img/avatar/2.svg',
  rights,
  updated_at: 1_764_000_000,
})
const permissions = (navigators: NavigatorEntry[]): NavigatorPermissionsAnswer => ({
  room_id: 7,
  room_name: 'デモライバーの部屋',
  room_url_key: 'demo_liver_room',
  organizer: { user_id: 9, name: 'きらりイベント' },
  can_edit: true,
  navigators,
})
const unknownAccount: ApiFailure = {
  kind: 'server',
  status: 400,
  message: '入力内容を確認してください',
  errorType: null,
  redirectUrl: null,
  fieldErrors: { account_id: 'このアカウントIDのユーザーはいません' },
}

/** The organizer's permissions page; `send` answers each POST from the list as it stands. */
function organizerSite(
  start: NavigatorEntry[],
  send: (body: NavigatorPermissionBody) => NavigatorEntry[] | ApiFailure,
) {
  let stored = permissions(start)
  const api = fakeApi({
    '/api/current_user': user({ is_organizer: true, organizer_name: 'きらりイベント' }),
    '/api/live/onlive_num': { num: 1 },
    '/api/navigator/permission': () => stored,
  })
  const posted: NavigatorPermissionBody[] = []
  api.postJson = <T,>(path: string, body?: unknown) => {
    expect(path).toBe('/api/navigator/permission')
    posted.push(body as NavigatorPermissionBody)
    const answer = send(body as NavigatorPermissionBody)
    if ('kind' in answer) return Promise.reject<T>(new ApiRequestError(answer))
    stored = permissions(answer)
    return Promise.resolve(stored as T)
  }
  return { api, posted }
}

const PAGE = '/organizer/room/7/navigator-permissions'

describe('/organizer/room/{room_id}/navigator-permissions', () => {
  it('grants a new navigator the telop right', async () => {
    const { api, posted } = organizerSite([], (body) => [
      nav(String(body.account_id), 'ナビ太郎', body.rights),
    ])
    const rendered = renderApp(PAGE, api)
    await screen.findByRole('heading', { level: 1, name: 'ナビゲーター権限' })
    expect(screen.getByText('ナビゲーターはいません。')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'ナビゲーターを追加' }))
    fireEvent.change(screen.getByLabelText('アカウントID'), { target: { value: 'demo_navigator' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'テロップの投稿・削除' }))
    fireEvent.click(screen.getByRole('button', { name: '保存する' }))
    const card = await screen.findByTestId('navigator')
    expect(posted).toEqual([{ room_id: 7, account_id: 'demo_navigator', rights: ['telop'] }])
    const group = within(card).getByRole('group', { name: 'ナビ太郎 の権限' })
    expect(
      within(group).getByRole<HTMLInputElement>('checkbox', { name: 'テロップの投稿・削除' })
        .checked,
    ).toBe(true)
    expect(
      within(group).getByRole<HTMLInputElement>('checkbox', { name: '投票の開始・終了' }).checked,
    ).toBe(false)
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'navigator.saved' })
    expect(document.title).toContain('ナビゲーター権限')
  })

  it('shows a refused account id by its field and keeps what was typed', async () => {
    const { api, posted } = organizerSite([], () => unknownAccount)
    renderApp(PAGE, api)
    fireEvent.click(await screen.findByRole('button', { name: 'ナビゲーターを追加' }))
    // The form's own check first: nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '保存する' }))
    expect(await screen.findByText('アカウントIDを入力してください')).toBeTruthy()
    expect(posted).toEqual([])
    fireEvent.change(screen.getByLabelText('アカウントID'), { target: { value: 'nobody_here' } })
    fireEvent.click(screen.getByRole('checkbox', { name: '配信の統計を見る' }))
    fireEvent.click(screen.getByRole('button', { name: '保存する' }))
    expect(await screen.findByText('このアカウントIDのユーザーはいません')).toBeTruthy()
    const input = screen.getByLabelText<HTMLInputElement>('アカウントID')
    expect(input.value).toBe('nobody_here')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: '配信の統計を見る' }).checked,
    ).toBe(true)
  })

  it('revokes a navigator’s rights only after the confirm', async () => {
    const { api, posted } = organizerSite([nav('demo_navigator', 'ナビ太郎', ['telop'])], () => [])
    const rendered = renderApp(PAGE, api)
    fireEvent.click(await screen.findByRole('button', { name: 'ナビ太郎 の権限をすべて外す' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('ナビ太郎 の権限をすべて外しますか？')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'やめる' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posted).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'ナビ太郎 の権限をすべて外す' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '外す' }))
    await screen.findByText('ナビゲーターはいません。')
    expect(posted).toEqual([{ room_id: 7, account_id: 'demo_navigator', rights: [] }])
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'navigator.revoked' })
  })
})

describe('the navigator panel in a live room', () => {
  const site = (rights: MyRoomRightsAnswer['rights']) => {
    const routes = {
      ...liveRoom(),
      '/api/navigator/my_rights': { is_owner: false, is_navigator: true, rights },
      '/api/encoder/post_telop': { ok: 1, telop: '歌枠です' },
    }
    return { routes, api: fakeApi(routes) }
  }

  it('shows only the tools held, marked as a navigator’s', async () => {
    const { api } = site(['telop'])
    renderApp('/r/kirari_hoshino', api)
    const panel = await screen.findByTestId('navigator-panel')
    expect(within(panel).getByText('ナビゲーターツール')).toBeTruthy()
    await within(panel).findByTestId('tool-telop')
    expect(within(panel).queryByTestId('tool-enquete')).toBeNull()
    expect(within(panel).queryByTestId('tool-stats')).toBeNull()
    expect(within(panel).queryByTestId('stream-key')).toBeNull()
    expect(within(panel).queryByRole('button', { name: '配信を終了' })).toBeNull()
    // No owner panel for a navigator.
    expect(screen.queryByRole('region', { name: '配信者メニュー' })).toBeNull()
  })

  it('posts a telop; a revoked right shows its message and the panel reads its rights again', async () => {
    const { routes, api } = site(['telop', 'stats'])
    const rendered = renderApp('/r/kirari_hoshino', api)
    const panel = await screen.findByTestId('navigator-panel')
    await within(panel).findByTestId('tool-stats')
    fireEvent.change(await within(panel).findByLabelText('テロップ'), {
      target: { value: '歌枠です' },
    })
    fireEvent.click(within(panel).getByRole('button', { name: 'テロップを表示' }))
    await waitFor(() => expect(api.calls).toContain('/api/encoder/post_telop'))
    const message = 'この操作（テロップ）の権限がありません。主催者に権限の付与を依頼してください'
    Object.assign(routes, {
      '/api/encoder/post_telop': {
        kind: 'server',
        status: 403,
        message,
        errorType: null,
        redirectUrl: null,
      } satisfies ApiFailure,
      '/api/navigator/my_rights': { is_owner: false, is_navigator: true, rights: ['stats'] },
    })
    await waitFor(() =>
      expect(
        within(panel).getByRole<HTMLButtonElement>('button', { name: 'テロップを表示' }).disabled,
      ).toBe(false),
    )
    fireEvent.click(within(panel).getByRole('button', { name: 'テロップを表示' }))
    await waitFor(() => expect(rendered.notices).toContainEqual({ tone: 'error', text: message }))
    await waitFor(() => expect(within(panel).queryByTestId('tool-telop')).toBeNull())
    expect(within(panel).getByTestId('tool-stats')).toBeTruthy()
  })

  it('marks a navigator’s comment with a staff badge', async () => {
    const staffComment = {
      comment: 'テロップ出しました',
      name: 'ナビ太郎',
      user_id: 4,
      avatar_id: 2,
      avatar_url: '/img/avatar/2.svg',
      ua: 0,
      aft: 0,
      created_at: 1_764_000_000,
      is_staff: true,
    }
    const api = fakeApi({
      ...liveRoom(),
      '/api/live/comment_log': {
        comment_log: [
          staffComment,
          { ...staffComment, name: '視聴者', user_id: 5, is_staff: false },
        ],
      },
    })
    renderApp('/r/kirari_hoshino', api)
    const badge = await screen.findByTestId('staff-badge')
    expect(badge.textContent).toBe('スタッフ')
    expect(badge.closest('[data-testid="comment"]')?.getAttribute('data-user-id')).toBe('4')
    expect(screen.getAllByTestId('staff-badge')).toHaveLength(1)
  })
})
