// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createActor, fromPromise } from 'xstate'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import {
  GREETING_MAX,
  type GreetingAnswer,
  type GreetingBody,
  type PushSendBody,
  type PushSendStatus,
} from '../../src/contract/follow.ts'
import type { LiveTagsAnswer, LiveTagsBody } from '../../src/contract/search.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import type { OnliveItem } from '../../src/domain/api-types.ts'
import { TAG_MESSAGES } from '../../src/domain/live-tags.ts'
import { appMachine } from '../../src/machines/app/app.machine.ts'
import { greetingMachine } from '../../src/machines/greeting/greeting.machine.ts'
import type { SessionSnapshot } from '../../src/machines/app/app.setup.ts'
import { liveTagsMachine } from '../../src/machines/live-tags/live-tags.machine.ts'
import { roomNoticeMachine } from '../../src/machines/room-notice/room-notice.machine.ts'
import { AppActorContext } from '../../src/views/app-context.tsx'
import { OnliveCard } from '../../src/views/components/OnliveCard.tsx'
import { GreetingEditor } from '../../src/views/room/Greeting.tsx'
import { LiveTagsEditor, LiveTagsLine, LiveTagsScope } from '../../src/views/room/LiveTags.tsx'
import { NoticeToggle } from '../../src/views/room/NoticeToggle.tsx'
import { settings } from '../model/fixtures.ts'
import './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

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

// A word the server's list has and this client's does not (yet): its 400 is the one to show.
const refused = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: TAG_MESSAGES.forbidden('ひみつ'),
  errorType: 'INVALID_TAG',
  redirectUrl: null,
})

/** `node` on a page of its own: cards and tags are router links, followed without a reload. */
function inRouter(node: ReactNode) {
  const routeTree = createRootRoute({ component: () => node })
  const router = createRouter({ routeTree, history: createMemoryHistory() })
  return (
    <AppActorContext.Provider value={jaApp()}>
      <RouterProvider router={router} />
    </AppActorContext.Provider>
  )
}

describe('live tags editor', () => {
  it('shows a refused tag’s message and keeps the text; adds checked tags; saving sends the list', async () => {
    const validated: string[] = []
    const saved: LiveTagsBody[] = []
    const logic = liveTagsMachine.provide({
      actors: {
        loadTags: fromPromise(() => Promise.resolve<LiveTagsAnswer>({ live_id: 70, tags: ['歌'] })),
        suggestTags: fromPromise(() =>
          Promise.resolve({ tags: [{ tag: '雑談配信', onlive_num: 4 }] }),
        ),
        validateTag: fromPromise(({ input }) => {
          validated.push(input.tag)
          return input.tag.includes('ひみつ')
            ? Promise.reject(refused)
            : Promise.resolve({ ok: true as const, tag: input.tag })
        }),
        saveTags: fromPromise(({ input }) => {
          saved.push(input)
          return Promise.resolve<LiveTagsAnswer>({ live_id: 70, tags: input.tags })
        }),
      },
    })
    render(
      inRouter(
        <LiveTagsScope logic={logic} roomId={7}>
          <LiveTagsLine />
          <LiveTagsEditor />
        </LiveTagsScope>,
      ),
    )
    const field = await screen.findByRole('combobox', { name: 'タグを追加（20文字まで）' })
    const editor = within(screen.getByRole('region', { name: '配信タグ' }))
    expect(editor.getByRole('list', { name: '配信タグ' }).textContent).toContain('#歌')

    // The server refuses it: its message on the field, the text kept.
    fireEvent.change(field, { target: { value: 'ひみつの話' } })
    fireEvent.click(editor.getByRole('button', { name: '追加' }))
    expect((await screen.findByRole('alert')).textContent).toBe('「ひみつ」はタグに使えません。')
    expect((field as HTMLInputElement).value).toBe('ひみつの話')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(validated).toEqual(['ひみつの話'])

    // Refused here by the same rules: the server is not asked.
    fireEvent.change(field, { target: { value: '出会い募集' } })
    fireEvent.submit(field)
    expect(screen.getByRole('alert').textContent).toBe('「出会い」はタグに使えません。')
    expect((field as HTMLInputElement).value).toBe('出会い募集')
    fireEvent.change(field, { target: { value: '歌 枠' } })
    fireEvent.submit(field)
    expect(screen.getByRole('alert').textContent).toBe(TAG_MESSAGES.symbol)
    expect((field as HTMLInputElement).value).toBe('歌 枠')
    expect(validated).toEqual(['ひみつの話'])

    // A suggestion after a pause, chosen with the arrow and Enter.
    fireEvent.change(field, { target: { value: '雑談' } })
    const list = await screen.findByRole('listbox', { name: 'タグの候補' })
    expect(field.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    const option = within(list).getByRole('option')
    expect(option.getAttribute('aria-selected')).toBe('true')
    expect(field.getAttribute('aria-activedescendant')).toBe(option.id)
    fireEvent.submit(field)
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''))
    expect(validated).toEqual(['ひみつの話', '雑談配信'])
    expect(screen.queryByRole('alert')).toBeNull()

    fireEvent.click(editor.getByRole('button', { name: '「歌」を外す' }))
    expect(editor.getByRole('list', { name: '配信タグ' }).textContent).toBe('#雑談配信×')
    fireEvent.click(editor.getByRole('button', { name: 'タグを保存' }))
    await waitFor(() => expect(saved).toEqual([{ live_id: 70, tags: ['雑談配信'] }]))
    // The room shows the tags as saved, each a link to the rooms on air with it.
    const link = await screen.findByRole('link', { name: '#雑談配信' })
    expect(link.getAttribute('href')).toBe(`/search?tag=${encodeURIComponent('雑談配信')}`)
  })
})

describe('notice bell', () => {
  function renderBell(status: PushSendStatus, sent: PushSendBody[]) {
    const logic = roomNoticeMachine.provide({
      actors: {
        loadStatus: fromPromise(() => Promise.resolve(status)),
        setStatus: fromPromise(({ input }) => {
          sent.push(input)
          return Promise.resolve({ push_send_status: { status: input.status === 1 ? 1 : 0 } })
        }),
      },
    })
    render(
      <AppActorContext.Provider value={jaApp()}>
        <NoticeToggle logic={logic} roomId={7} />
      </AppActorContext.Provider>,
    )
  }

  it('is pressed while the notices are on, and a press turns them off as the server answers', async () => {
    const sent: PushSendBody[] = []
    renderBell({ status: 1 }, sent)
    const bell = await screen.findByRole('button', { name: '配信通知' })
    expect(bell.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(bell)
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('false'))
    expect(sent).toEqual([{ room_id: 7, status: 0 }])
    fireEvent.click(bell)
    await waitFor(() => expect(bell.getAttribute('aria-pressed')).toBe('true'))
    expect(sent).toEqual([
      { room_id: 7, status: 0 },
      { room_id: 7, status: 1 },
    ])
  })

  it('is not there for someone not following ({})', async () => {
    const sent: PushSendBody[] = []
    renderBell({}, sent)
    await new Promise((r) => setTimeout(r, 0))
    expect(screen.queryByRole('button', { name: '配信通知' })).toBeNull()
  })
})

describe('tags on a card', () => {
  it('shows at most three, each a link beside the card’s own', async () => {
    const live = {
      room_url_key: 'aoi',
      main_name: 'あおい',
      sub_name: '',
      official_lv: 0,
      view_num: 12,
      image: '/img/room/1.svg',
      tags: ['歌枠', '雑談', 'ゲーム', '弾き語り'],
    } as unknown as OnliveItem
    render(
      inRouter(
        <ul>
          <OnliveCard live={live} />
        </ul>,
      ),
    )
    const tags = await screen.findByRole('list', { name: '配信タグ' })
    const links = within(tags).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(['#歌枠', '#雑談', '#ゲーム'])
    expect(links[0]?.getAttribute('href')).toBe(`/search?tag=${encodeURIComponent('歌枠')}`)
    // Not inside the card's link: a link may not hold links.
    expect(links[0]?.closest('.onlive-card__link')).toBeNull()
  })
})

describe('greeting editor', () => {
  it('counts to the limit, keeps the text when refused, and saves the trimmed text', async () => {
    const sent: GreetingBody[] = []
    let refuse = true
    const logic = greetingMachine.provide({
      actors: {
        loadGreeting: fromPromise(() =>
          Promise.resolve<GreetingAnswer>({ greeting: '', is_shown: true }),
        ),
        saveGreeting: fromPromise(({ input }) => {
          sent.push(input)
          if (refuse)
            return Promise.reject(
              new ApiRequestError({
                kind: 'server',
                status: 400,
                message: 'パラメータが不正です',
                errorType: null,
                redirectUrl: null,
              }),
            )
          return Promise.resolve<GreetingAnswer>({
            greeting: String(input.greeting),
            is_shown: true,
          })
        }),
      },
    })
    render(
      <AppActorContext.Provider value={jaApp()}>
        <GreetingEditor logic={logic} roomId={7} />
      </AppActorContext.Provider>,
    )
    const field = await screen.findByRole('textbox', { name: 'フォロワーへのあいさつ' })
    const save = screen.getByRole('button', { name: 'あいさつを保存' })
    fireEvent.change(field, { target: { value: 'あ'.repeat(GREETING_MAX + 1) } })
    expect(screen.getByRole('alert').textContent).toBe(`あいさつは${GREETING_MAX}文字までです`)
    expect((save as HTMLButtonElement).disabled).toBe(true)

    fireEvent.change(field, { target: { value: '  いつもありがとう  ' } })
    expect(screen.getByText(`8/${GREETING_MAX}`)).toBeTruthy()
    fireEvent.click(save)
    expect((await screen.findByRole('alert')).textContent).toBe('パラメータが不正です')
    expect((field as HTMLTextAreaElement).value).toBe('  いつもありがとう  ')

    refuse = false
    fireEvent.click(save)
    expect(await screen.findByRole('button', { name: 'あいさつを消す' })).toBeTruthy()
    expect(sent).toEqual([
      { room_id: '7', greeting: 'いつもありがとう' },
      { room_id: '7', greeting: 'いつもありがとう' },
    ])
    expect((field as HTMLTextAreaElement).value).toBe('いつもありがとう')
  })
})
