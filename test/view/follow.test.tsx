// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { createActor, fromPromise } from 'xstate'
import type {
  FollowGenresAnswer,
  FollowRoomsAnswer,
  NextLiveAnswer,
} from '../../src/contract/follow.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { appMachine } from '../../src/machines/app/app.machine.ts'
import type { SessionSnapshot } from '../../src/machines/app/app.setup.ts'
import { followMachine, type FollowList } from '../../src/machines/follow/follow.machine.ts'
import { AppActorContext } from '../../src/views/app-context.tsx'
import { FollowView } from '../../src/views/follow/FollowPage.tsx'
import { NextLiveForm, NextLiveLine, NextLiveScope } from '../../src/views/room/NextLive.tsx'
import { nextLiveMachine } from '../../src/machines/next-live/next-live.machine.ts'
import { followedRoom, roomsPage } from '../model/follow-fixtures.ts'
import { settings, user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const lost = new ApiRequestError({ kind: 'network', status: null })
const twoGenres: FollowGenresAnswer = {
  genres: [
    { genre_id: 102, genre_name: 'アイドル', count: 2 },
    { genre_id: 200, genre_name: '声優・アニメ', count: 1 },
  ],
}
// 2026-12-26 18:00 in Tokyo.
const DEC26_18 = Date.UTC(2026, 11, 26, 9, 0) / 1000

/** The app actor in Japanese (the views read their messages through it). */
function jaApp() {
  return createActor(
    appMachine.provide({
      actors: {
        loadSession: fromPromise(() => new Promise<SessionSnapshot>(() => {})),
        loadMessages: fromPromise((): Promise<unknown> => Promise.resolve()),
      },
    }),
    {
      input: {
        locale: 'ja',
        origin: 'http://localhost',
        isWebview: false,
        settings,
        chunkReloads: {},
      },
    },
  ).start()
}

/** The view on a follow actor whose loads answer from the given functions. */
function renderView(
  loadList: (tab: string, genre: string | number) => Promise<FollowList>,
  options: { genres?: FollowGenresAnswer; more?: () => Promise<FollowRoomsAnswer> } = {},
) {
  const app = jaApp()
  const actor = createActor(
    followMachine.provide({
      actors: {
        loadGenres: fromPromise(() => Promise.resolve(options.genres ?? twoGenres)),
        loadList: fromPromise(({ input }) => loadList(input.tab, input.genre)),
        loadMoreRooms: fromPromise(() => options.more?.() ?? Promise.reject(lost)),
      },
    }),
    { input: { tab: 'onair' } },
  ).start()
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <FollowView actor={actor} /> }),
    history: createMemoryHistory({ initialEntries: ['/follow'] }),
  })
  render(
    <AppActorContext.Provider value={app}>
      <RouterProvider router={router} />
    </AppActorContext.Provider>,
  )
  return actor
}

describe('follow page', () => {
  it('shows the rooms on air, every followed room paged with its last and next live, and the schedules', async () => {
    const asked: string[] = []
    renderView(
      (tab, genre) => {
        asked.push(`${tab} ${genre}`)
        if (tab === 'onair') return Promise.resolve({ tab, onlives: [] })
        if (tab === 'schedules')
          return Promise.resolve({
            tab,
            schedules: [
              {
                room_id: 3,
                room_url_key: 'room_3',
                room_name: 'ルーム3',
                image: '',
                genre_id: 102,
                title: '歌枠',
                starts_at: DEC26_18,
              },
            ],
          })
        const first = roomsPage(1, 2, [1, 2])
        first.rooms[0] = followedRoom(1, { is_online: true, live_id: 9 })
        first.rooms[1] = followedRoom(2, { next_live: { title: '雑談', starts_at: DEC26_18 } })
        return Promise.resolve({ tab: 'rooms', answer: first })
      },
      { more: () => Promise.resolve(roomsPage(2, 2, [3])) },
    )
    // Nobody on air: the way to the home page.
    const find = await screen.findByRole('link', { name: '配信中のルームを探す' })
    expect(find.getAttribute('href')).toBe('/')

    fireEvent.click(screen.getByRole('tab', { name: 'フォロー中' }))
    const rooms = await screen.findAllByTestId('follow-room')
    const [onAir, scheduled] = rooms
    if (!onAir || !scheduled || rooms.length !== 2) throw new Error('two rooms expected')
    expect(within(onAir).getByText('配信中')).toBeTruthy()
    expect(scheduled.textContent).toContain('次回 12/26 18:00 雑談')
    expect(within(scheduled).getByRole('link').getAttribute('href')).toBe('/r/room_2')
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }))
    await waitFor(() => expect(screen.getAllByTestId('follow-room')).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: '配信予定' }))
    const schedule = await screen.findByTestId('follow-schedule')
    expect(schedule.textContent).toContain('12/26 18:00')
    expect(schedule.textContent).toContain('歌枠')
    expect(asked).toEqual(['onair all', 'rooms all', 'schedules all'])
  })

  it('filters by genre (すべて first) and reloads the tab shown', async () => {
    const asked: string[] = []
    renderView((tab, genre) => {
      asked.push(`${tab} ${genre}`)
      return Promise.resolve({
        tab: 'rooms',
        answer: roomsPage(1, 1, genre === 'all' ? [1, 2] : [1]),
      })
    })
    const chips = within(await screen.findByRole('group', { name: 'ジャンルで絞り込む' }))
    const buttons = chips.getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['すべて', 'アイドル 2', '声優・アニメ 1'])
    expect(buttons[0]?.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(chips.getByRole('button', { name: 'アイドル 2' }))
    expect(asked).toEqual(['onair all', 'onair 102'])
    expect(chips.getByRole('button', { name: 'アイドル 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
  })

  it('says when nothing is followed, and offers a retry after a failure', async () => {
    let fail = true
    renderView(
      () => (fail ? Promise.reject(lost) : Promise.resolve({ tab: 'onair', onlives: [] })),
      { genres: { genres: [] } },
    )
    expect((await screen.findByRole('alert')).textContent).toContain(
      'フォローの一覧を読み込めませんでした。',
    )
    fail = false
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }))
    expect(await screen.findByText('まだフォローしているルームはありません。')).toBeTruthy()
    expect(screen.getByRole('link', { name: '配信中のルームを探す' })).toBeTruthy()
  })

  it('is a logged-in user’s page, linked from the menu', async () => {
    const api = fakeApi({
      '/api/current_user': user(),
      '/api/live/onlive_num': { num: 1 },
      '/api/follow/genres': { genres: [] },
      '/api/follow/onlives': { onlives: [] },
    })
    renderApp('/follow', api)
    expect(await screen.findByRole('heading', { level: 1, name: 'フォロー' })).toBeTruthy()
    await waitFor(() =>
      expect(api.calls.filter((c) => c.startsWith('/api/follow/onlives'))).toHaveLength(1),
    )
    fireEvent.click(screen.getByRole('button', { name: 'メニュー' }))
    expect(screen.getByRole('navigation', { name: 'メニュー' })).toBeTruthy()
    expect(
      within(screen.getByRole('navigation', { name: 'メニュー' }))
        .getByRole('link', { name: 'フォロー' })
        .getAttribute('href'),
    ).toBe('/follow')
  })
})

describe('next live in the room', () => {
  it('shows the schedule to everyone; the owner’s refused time keeps what was typed', async () => {
    const refused = new ApiRequestError({
      kind: 'server',
      status: 400,
      message: '過去の日時は設定できません',
      errorType: 'PAST_TIME',
      redirectUrl: null,
      fieldErrors: { starts_at: '過去の日時は設定できません' },
    })
    const logic = nextLiveMachine.provide({
      actors: {
        loadNextLive: fromPromise(() =>
          Promise.resolve<NextLiveAnswer>({ epoch: DEC26_18, text: '12/26 18:00', title: '歌枠' }),
        ),
        saveNextLive: fromPromise(() => Promise.reject(refused)),
      },
    })
    render(
      <AppActorContext.Provider value={jaApp()}>
        <NextLiveScope logic={logic} roomId={7}>
          <NextLiveLine />
          <NextLiveForm />
        </NextLiveScope>
      </AppActorContext.Provider>,
    )
    expect((await screen.findByTestId('next-live')).textContent).toBe('次回の配信 12/26 18:00 歌枠')
    const when = screen.getByLabelText('日時（日本時間）')
    expect((when as HTMLInputElement).value).toBe('2026-12-26T18:00')
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } })
    fireEvent.click(screen.getByRole('button', { name: '予定を保存' }))
    expect((await screen.findByRole('alert')).textContent).toBe('過去の日時は設定できません')
    expect((when as HTMLInputElement).value).toBe('2020-01-01T10:00')
    expect(when.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('button', { name: '予定を消す' })).toBeTruthy()
  })
})
