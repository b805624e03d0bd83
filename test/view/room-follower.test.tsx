// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { OnliveItem } from '../../src/domain/api-types.ts'
import { user } from '../model/fixtures.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

describe('a follower on the room page', () => {
  it('shows the live’s tags; following brings the notice bell and the owner’s greeting', async () => {
    let following = false
    const api = fakeApi({
      ...liveRoom(),
      '/api/live_tags': { live_id: 70, tags: ['歌枠', '雑談'] },
      '/api/room/follow': () => {
        following = true
        return { is_follow: true, follower_num: 121 }
      },
      '/api/room/profile': () => ({ push_send_status: following ? { status: 1 } : {} }),
      '/api/room/greeting': () => ({
        greeting: following ? '来てくれてありがとう！' : '',
        is_shown: following,
      }),
      '/api/room/push_send_status': { push_send_status: { status: 0 } },
    })
    const rendered = renderApp('/r/kirari_hoshino', api)
    const tags = await screen.findByRole('list', { name: '配信タグ' })
    expect(within(tags).getByRole('link', { name: '#歌枠' }).getAttribute('href')).toBe(
      `/search?tag=${encodeURIComponent('歌枠')}`,
    )
    // Not following: no bell, and the greeting is not even asked for.
    expect(screen.queryByRole('button', { name: '配信通知' })).toBeNull()
    expect(api.calls.some((c) => c.startsWith('/api/room/greeting'))).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'フォローする' }))
    const bell = await screen.findByRole('button', { name: '配信通知' })
    expect(bell.getAttribute('aria-pressed')).toBe('true')
    const card = await screen.findByRole('region', { name: '配信者からのあいさつ' })
    expect(card.textContent).toContain('来てくれてありがとう！')

    fireEvent.click(bell)
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('false'))
    expect(api.calls).toContain('/api/room/push_send_status')
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'room.noticeOff' })
  })
})

const tagged = (id: number, tags: string[]): OnliveItem =>
  ({
    room_url_key: `room_${id}`,
    main_name: `ルーム${id}`,
    sub_name: '',
    view_num: id * 10,
    live_id: id,
    room_id: id,
    genre_id: 102,
    official_lv: 0,
    image: `/img/room/${id}.svg`,
    tags,
  }) as OnliveItem

describe('/search?tag=', () => {
  it('lists the rooms on air with the tag, most watched first, and says when there are none', async () => {
    const api = fakeApi({
      '/api/current_user': user({ is_login: false }),
      '/api/live/onlive_num': { num: 2 },
      '/api/live/onlives': (q: { tag?: string }) => ({
        onlives:
          q.tag === '歌枠'
            ? [
                { genre_id: 101, genre_name: 'ミュージック', lives: [tagged(1, ['歌枠'])] },
                { genre_id: 102, genre_name: 'アイドル', lives: [tagged(2, ['雑談', '歌枠'])] },
              ]
            : [],
      }),
    })
    renderApp(`/search?tag=${encodeURIComponent('歌枠')}`, api)
    expect(
      await screen.findByRole('heading', { level: 1, name: '#歌枠 の配信中ルーム' }),
    ).toBeTruthy()
    await waitFor(() => expect(document.querySelectorAll('.onlive-card')).toHaveLength(2))
    const names = [...document.querySelectorAll('.onlive-card__name')].map((n) => n.textContent)
    expect(names).toEqual(['ルーム2', 'ルーム1'])
    expect(api.calls).toContain(`/api/live/onlives?tag=${encodeURIComponent('歌枠')}`)
    cleanup()

    renderApp(`/search?tag=${encodeURIComponent('ゲーム')}`, api)
    expect(await screen.findByText('このタグで配信中のルームはありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '配信一覧へ' }).getAttribute('href')).toBe('/')
  })
})
