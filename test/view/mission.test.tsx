// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { MissionReceiveAnswer } from '../../src/contract/mission.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import type { AuthPort } from '../../src/auth-port.ts'
import type { ApiClient } from '../../src/effects/api/client.ts'
import { receiveMission } from '../../src/effects/api/mission.ts'
import { appMachine } from '../../src/machines/app/app.machine.ts'
import type { SessionSnapshot } from '../../src/machines/app/app.setup.ts'
import { missionMachine } from '../../src/machines/mission/mission.machine.ts'
import { AppActorContext, AuthPortContext } from '../../src/views/app-context.tsx'
import { MissionPanel } from '../../src/views/mission/MissionPanel.tsx'
import { settings, user } from '../model/fixtures.ts'
import { answer, load, mission, received } from '../model/mission-fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

/** An ApiClient that records each POST and answers it from `reply`. */
function postingApi(reply: (path: string) => Promise<unknown>) {
  const posts: Array<{ path: string; body: unknown }> = []
  const api = {
    ...fakeApi({}),
    postForm: <T,>(path: string, body?: unknown) => {
      posts.push({ path, body })
      return reply(path) as Promise<T>
    },
  } satisfies ApiClient
  return { api, posts }
}

/** The panel on its own, with a fake mission actor (its effects provided) and the app's locale. */
function renderPanel(reply: (path: string) => Promise<unknown>) {
  const { api, posts } = postingApi(reply)
  const toasts: Array<{ name: string; num: number }> = []
  const logins: unknown[] = []
  const app = createActor(
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
  const actor = createActor(
    missionMachine.provide({
      actors: {
        loadMissions: fromPromise(() => Promise.resolve(load())),
        receiveMission: fromPromise(({ input }) => receiveMission(api, input.missionId)),
        clock: fromCallback(() => () => {}),
      },
      actions: { notifyReceived: (_, reward) => void toasts.push(reward) },
    }),
    { input: { roomId: 7 } },
  ).start()
  const auth = { send: (event: unknown) => void logins.push(event) } as unknown as AuthPort
  render(
    <AppActorContext.Provider value={app}>
      <AuthPortContext.Provider value={auth}>
        <MissionPanel actor={actor} />
      </AuthPortContext.Provider>
    </AppActorContext.Provider>,
  )
  return { actor, posts, toasts }
}

const card = (id: number) => {
  const found = screen.getAllByTestId('mission').find((c) => c.dataset.mission === String(id))
  if (!found) throw new Error(`no mission ${id}`)
  return found
}

describe('mission panel', () => {
  it('shows a tab per genre with its rewards waiting, the open daily set first and the countdown', async () => {
    renderPanel(() => new Promise(() => {}))
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual([
      'デイリー1受け取れる報酬 1',
      'マンスリー2受け取れる報酬 2',
      '期間限定1受け取れる報酬 1',
    ])
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByTestId('mission-countdown').textContent).toBe(
      'ナイトミッションまであと 00:10:00',
    )
    const day = screen.getByRole('button', { name: /^デイ/ })
    expect(day.getAttribute('aria-pressed')).toBe('true')
    // The composite mission first, then the single one; progress out of the target.
    expect(screen.getAllByTestId('mission').map((c) => c.dataset.mission)).toEqual(['2', '1'])
    expect(within(card(1)).getByTestId('mission-count').textContent).toBe('10 / 10')

    fireEvent.click(screen.getByRole('button', { name: /^ナイト/ }))
    expect(screen.getByText('このミッションはまだ始まっていません。')).toBeTruthy()
    expect(screen.getAllByTestId('mission').map((c) => c.dataset.mission)).toEqual(['3'])

    fireEvent.click(screen.getByRole('tab', { name: /^マンスリー/ }))
    expect(screen.getAllByTestId('mission').map((c) => c.dataset.mission)).toEqual(['4', '5'])
    expect(within(card(5)).getByText('達成済み')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: /^期間限定/ }))
    expect(screen.getByRole('heading', { name: '冬のキャンペーン' })).toBeTruthy()
    expect(within(card(7)).getByText('ライバー')).toBeTruthy()
  })

  it('receives a reward through the effect; the answered mission replaces the old one', async () => {
    let answerReceive: (value: MissionReceiveAnswer) => void = () => {}
    const { posts, toasts } = renderPanel(() => new Promise((resolve) => (answerReceive = resolve)))
    await screen.findAllByTestId('mission')
    const button = within(card(1)).getByRole('button', { name: '受け取る' })
    fireEvent.click(button)
    expect(posts).toEqual([{ path: '/api/mission/receive', body: { mission_id: 1 } }])
    // One at a time: the button says it is on its way.
    expect(within(card(1)).getByRole('button', { name: '受け取り中…' })).toBeTruthy()
    const next = mission(1, { current_level: 2, current_value: 10, target_value: 20 })
    act(() => answerReceive(received(next, 'gift')))
    await waitFor(() =>
      expect(within(card(1)).getByTestId('mission-count').textContent).toBe('10 / 20'),
    )
    expect(within(card(1)).getByText('レベル 2/3')).toBeTruthy()
    expect(within(card(1)).queryByRole('button', { name: '受け取る' })).toBeNull()
    expect(toasts).toEqual([{ name: '星', num: 10 }])
    // The daily tab's badge is gone with the reward received.
    expect(screen.getByRole('tab', { name: /^デイリー/ }).textContent).toBe('デイリー')
  })

  it('shows a refusal beside the mission and keeps the lists', async () => {
    renderPanel(() =>
      Promise.reject(
        new ApiRequestError({
          kind: 'server',
          status: 400,
          message: 'まだ達成していません',
          errorType: 'NOT_ACHIEVED',
          redirectUrl: null,
        }),
      ),
    )
    fireEvent.click(await screen.findByRole('tab', { name: /^マンスリー/ }))
    fireEvent.click(within(card(4)).getByRole('button', { name: '受け取る' }))
    expect((await within(card(4)).findByRole('alert')).textContent).toBe('まだ達成していません')
    expect(within(card(4)).getByRole('button', { name: '受け取る' })).toBeTruthy()
    expect(screen.getAllByTestId('mission').map((c) => c.dataset.mission)).toEqual(['4', '5'])
  })
})

describe('/mission', () => {
  it('shows an anonymous visitor the catalogue, a login button and the way back to the room', async () => {
    const api = fakeApi({
      '/api/current_user': user({ is_login: false, account_id: '', birthday: null }),
      '/api/live/onlive_num': { num: 3 },
      '/api/mission': answer({ login: false }),
    })
    renderApp('/mission?room_id=7&room=kirari_hoshino', api, { nowMs: Date.now() })
    expect(await screen.findByRole('heading', { level: 1, name: 'ミッション' })).toBeTruthy()
    await screen.findAllByTestId('mission')
    expect(api.calls).toContain('/api/mission?room_id=7')
    expect(screen.queryAllByTestId('mission-badge')).toEqual([])
    expect(screen.queryByRole('button', { name: '受け取る' })).toBeNull()
    expect(screen.getByRole('link', { name: 'ルームへ戻る' }).getAttribute('href')).toBe(
      '/r/kirari_hoshino',
    )
    fireEvent.click(screen.getByRole('button', { name: 'ログインする' }))
    expect(await screen.findByRole('dialog', { name: 'ログイン' })).toBeTruthy()
  })
})
