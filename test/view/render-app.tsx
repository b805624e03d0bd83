import fs from 'node:fs'
import path from 'node:path'
import { configure, render } from '@testing-library/react'
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { composeApp } from '../../src/compose/app.ts'
import type { Effects } from '../../src/compose/effects.ts'
import { ApiRequestError, type ApiFailure, type Notice } from '../../src/domain/api-failure.ts'
import type { Locale } from '../../src/domain/locale.ts'
import type { MutedUser } from '../../src/domain/room.ts'
import type { ApiClient } from '../../src/effects/api/client.ts'
import { setMessages, type Messages } from '../../src/effects/i18n.ts'
import { createAppRouter } from '../../src/router.tsx'
import { AppActorContext, AuthPortContext } from '../../src/views/app-context.tsx'
import type { ServiceSettings } from '../../src/domain/api-types.ts'
import { NOW, settings } from '../model/fixtures.ts'

// A lazily loaded chunk (a modal, a page) takes over a second on a loaded 2-core CI machine:
// findBy… waits up to 5 s (the default 1 s made such tests fail by the clock, not the app).
configure({ asyncUtilTimeout: 5_000 })

for (const locale of ['ja', 'en', 'zh-tw', 'th'] as const) {
  const file = path.resolve(import.meta.dirname, `../../i18n/${locale}.json`)
  setMessages(locale, JSON.parse(fs.readFileSync(file, 'utf8')) as Messages)
}

/** Path → a response, or a function of the query that gives one. */
export type Routes = Record<string, unknown>

/** An ApiClient answering GETs from a table; a value that is an ApiFailure is thrown as one. */
export function fakeApi(routes: Routes): ApiClient & { calls: string[] } {
  const calls: string[] = []
  const answer = (p: string, query?: Record<string, unknown>) => {
    calls.push(
      query ? `${p}?${new URLSearchParams(query as Record<string, string>).toString()}` : p,
    )
    const entry = routes[p]
    if (entry === undefined) {
      return Promise.reject(
        new ApiRequestError({
          kind: 'server',
          status: 404,
          message: null,
          errorType: null,
          redirectUrl: null,
        }),
      )
    }
    const value = typeof entry === 'function' ? (entry as (q: unknown) => unknown)(query) : entry
    if (value && typeof value === 'object' && 'kind' in value)
      return Promise.reject(new ApiRequestError(value as ApiFailure))
    return Promise.resolve(value)
  }
  return {
    calls,
    get: <T,>(p: string, q?: Record<string, unknown>) => answer(p, q) as Promise<T>,
    delete: <T,>(p: string) => answer(p) as Promise<T>,
    postForm: <T,>(p: string) => answer(p) as Promise<T>,
    postJson: <T,>(p: string) => answer(p) as Promise<T>,
    putJson: <T,>(p: string) => answer(p) as Promise<T>,
    csrfToken: () => Promise.resolve('token'),
    resetCsrfToken: () => {},
  }
}

export interface Rendered {
  notices: Notice[]
  pageViews: Array<{ path: string; title: string; locale: string }>
  cookies: Locale[]
  external: string[]
  /** Session mute lists by room id. */
  mutes: Map<number, MutedUser[]>
  /** Links shared (copied). */
  shared: string[]
  /** Text copied to the clipboard. */
  copied: string[]
  /** The remembered gift sound setting, and the volumes of the sounds played. */
  giftSound: { on: boolean; played: number[] }
  /** What went to the error-reporting service. */
  reported: unknown[]
  router: ReturnType<typeof createAppRouter>
  context: ReturnType<typeof composeApp>
}

/** Renders the whole app (routes, layouts, machines) at `url` with a fake API and memory history. */
export function renderApp(
  url: string,
  api: ApiClient,
  options: { locale?: Locale; nowMs?: number; settings?: Partial<ServiceSettings> } = {},
): Rendered {
  const rendered = {
    notices: [],
    pageViews: [],
    cookies: [],
    external: [],
    mutes: new Map(),
    shared: [],
    copied: [],
    giftSound: { on: true, played: [] },
    reported: [],
  } as unknown as Rendered
  const effects: Effects = {
    api,
    nowMs: () => options.nowMs ?? NOW,
    errors: { capture: (error) => rendered.reported.push(error), setUser: () => {} },
    loadMessages: () => Promise.resolve(),
    notify: (notice) => rendered.notices.push(notice),
    navigate: (href) => void rendered.router.navigate({ to: href as '/', replace: true }),
    go: (href) => void rendered.router.navigate({ to: href as '/' }),
    leaveFor: (url) => rendered.external.push(url),
    sessionStore: sessionStorage,
    newKey: () => `key-${rendered.external.length}-${Math.random().toString(36).slice(2, 10)}`,
    replaceLocation: (href) => rendered.external.push(href),
    reloadPage: () => {},
    writeChunkReloads: () => {},
    writeLocaleCookie: (locale) => rendered.cookies.push(locale),
    relocalize: (p) =>
      queueMicrotask(() => void rendered.router.navigate({ to: p as '/', replace: true })),
    pageViews: { pageView: (view) => rendered.pageViews.push(view) },
    pushUrl: 'ws://localhost/',
    roomDevice: () =>
      Promise.resolve({
        mutes: {
          read: (roomId) => rendered.mutes.get(roomId) ?? [],
          write: (roomId, muted) => void rendered.mutes.set(roomId, [...muted]),
        },
        giftSound: {
          read: () => rendered.giftSound.on,
          write: (on) => void (rendered.giftSound.on = on),
          play: (volume) => void rendered.giftSound.played.push(volume),
        },
        copy: (text) => {
          rendered.copied.push(text)
          return Promise.resolve(true)
        },
        share: (link) => {
          rendered.shared.push(link.url)
          return Promise.resolve('copied' as const)
        },
      }),
  }
  rendered.context = composeApp(effects, {
    locale: options.locale ?? 'ja',
    origin: 'http://localhost',
    isWebview: false,
    settings: { ...settings, ...options.settings },
    chunkReloads: {},
  })
  rendered.router = createAppRouter(
    rendered.context,
    createMemoryHistory({ initialEntries: [url] }),
  )
  rendered.router.subscribe('onResolved', ({ toLocation }) =>
    rendered.context.app.send({
      type: 'navigation.done',
      path: toLocation.pathname,
      title: document.title,
    }),
  )
  render(
    <AppActorContext.Provider value={rendered.context.app}>
      <AuthPortContext.Provider value={rendered.context.auth}>
        <RouterProvider router={rendered.router} />
      </AuthPortContext.Provider>
    </AppActorContext.Provider>,
  )
  return rendered
}
