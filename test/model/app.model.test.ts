import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { appMachine, type AppEmitted } from '../../src/machines/app/app.machine.ts'
import { coverageLine, emittedOn, walkMachine, type WalkResult } from './graph-walk.ts'
import { NOW, settings, user } from './fixtures.ts'

type AppEvent = EventFromLogic<typeof appMachine>
type Snapshot = SnapshotFrom<typeof appMachine>

const input = {
  locale: 'ja' as const,
  origin: 'https://kirari.example',
  isWebview: false,
  settings,
  chunkReloads: {},
}

const failed = (failure: ApiFailure): AppEvent => ({ type: 'api.failed', failure })
const server = (patch: Partial<Extract<ApiFailure, { kind: 'server' }>>): ApiFailure => ({
  kind: 'server',
  status: 400,
  message: null,
  errorType: null,
  redirectUrl: null,
  ...patch,
})

// Events the machine receives from its invoked actors, written as the actors would send them.
const sessionDone = (u: ReturnType<typeof user>) =>
  ({
    type: 'xstate.done.actor.loadSession',
    output: { user: u, onliveNum: 7 },
  }) as unknown as AppEvent
const sessionError = (failure: ApiFailure) =>
  ({
    type: 'xstate.error.actor.loadSession',
    error: new ApiRequestError(failure),
  }) as unknown as AppEvent
const messagesDone = {
  type: 'xstate.done.actor.loadMessages',
  output: undefined,
} as unknown as AppEvent
const messagesError = {
  type: 'xstate.error.actor.loadMessages',
  error: new Error('404'),
} as unknown as AppEvent

const events: AppEvent[] = [
  { type: 'navigation.start', path: '/follow', nowMs: NOW },
  { type: 'navigation.done', path: '/follow', title: 'x | Kirari' },
  sessionDone(user()),
  sessionDone(user({ birthday: 20131123 })), // 12 years old, no agreement
  sessionDone(user({ birthday: null })), // no birthday yet
  sessionDone(user({ need_agree_new_terms: true })),
  sessionDone(user({ need_agree_new_terms: true, is_organizer: true })),
  sessionError({ kind: 'maintenance', status: 503 }),
  sessionError({ kind: 'network', status: null }),
  { type: 'menu.toggle' },
  { type: 'menu.close' },
  { type: 'locale.set', locale: 'en', path: '/terms' },
  { type: 'locale.set', locale: 'ja', path: '/' },
  { type: 'locale.sync', locale: 'th' },
  messagesDone,
  messagesError,
  failed({ kind: 'aborted', status: null }),
  failed({ kind: 'timeout', status: null }),
  failed({ kind: 'network', status: null }),
  failed({ kind: 'maintenance', status: 503 }),
  failed(server({ redirectUrl: 'https://help.kirari.example/x' })),
  failed(server({ redirectUrl: 'javascript:alert(1)' })),
  failed(server({ message: '失敗しました。' })),
  failed(server({ status: 500 })),
  { type: 'error.dismiss' },
  { type: 'chunk.failed', path: '/a', nowMs: 1000 },
  { type: 'chunk.failed', path: '/a', nowMs: 5000 },
  { type: 'auth.required', reason: 'login-required' },
  { type: 'auth.required', reason: 'forbidden' },
  { type: 'session.refresh', nowMs: NOW },
  { type: 'wallet.updated', gold: 120, expiringGold: 30 },
]

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

describe('app machine graph', () => {
  it('reaches every state and transition, holding its invariants on every edge', () => {
    const result = walkMachine(appMachine, {
      input,
      events,
      key: (s: Snapshot) => ({
        value: s.value,
        error: s.context.error?.key ?? null,
        status: s.context.statusCode,
        locale: s.context.locale,
        pending: s.context.pendingLocale?.locale ?? null,
        chunks: Object.keys(s.context.chunkReloads).length,
      }),
      invariant: (from, event, to) => {
        // The menu is always closed once a navigation starts (SPEC.md §2).
        if (event.type === 'navigation.start') expect(to.matches({ menu: 'closed' })).toBe(true)
        const emitted = emittedOn(appMachine, from, event)
        const decided = emitted.filter(
          (e): e is Extract<AppEmitted, { type: 'navigation.decided' }> =>
            e.type === 'navigation.decided',
        )
        // Every navigation that starts is answered once: when its check ends, or when a newer
        // one replaces it (then it goes on, and the router drops it).
        if (event.type === 'navigation.start' && from.matches({ navigation: 'guarding' }))
          expect(decided).toEqual([
            { type: 'navigation.decided', seq: from.context.seq, redirectTo: null },
          ])
        for (const d of decided) expect(d.seq).toBe(from.context.seq)
        // An anonymous visitor on a guarded page is asked to log in; nothing else asks.
        expect(emitted.some((e) => e.type === 'login.requested')).toBe(
          event.type === 'auth.required' && event.reason === 'login-required',
        )
        // A 503 anywhere marks maintenance.
        if (event.type === 'api.failed' && event.failure.kind === 'maintenance')
          expect(to.context.statusCode).toBe(503)
        // Timeouts and network errors set the error flag; aborts leave it alone.
        if (
          event.type === 'api.failed' &&
          (event.failure.kind === 'timeout' || event.failure.kind === 'network')
        ) {
          expect(to.context.error).not.toBeNull()
        }
        if (event.type === 'api.failed' && event.failure.kind === 'aborted')
          expect(to.context.error).toEqual(from.context.error)
        // The age gate: a 12-year-old without agreement is sent from /follow to the guardian
        // consent page; no birthday at all, home.
        if (
          from.matches({ navigation: 'guarding' }) &&
          event.type === ('xstate.done.actor.loadSession' as string)
        ) {
          const u = (event as unknown as { output: { user: ReturnType<typeof user> } }).output.user
          // New terms come first: the user's or the organizer's agree page, then back.
          const terms = u.is_organizer ? '/organizer/agree_new_terms' : '/agree_new_terms'
          const gate =
            u.birthday === 20131123
              ? '/legal_representative_agreement'
              : u.birthday === null
                ? '/'
                : null
          expect(decided.map((d) => d.redirectTo)).toEqual([u.need_agree_new_terms ? terms : gate])
          if (u.need_agree_new_terms) expect(to.context.termsReturnPath).toBe('/follow')
        }
        // The locale only changes once its messages are in.
        if (to.context.locale !== from.context.locale) {
          expect(['locale.sync', 'xstate.done.actor.loadMessages']).toContain(event.type)
        }
        // A chunk reload is never repeated for a path within 10 s.
        for (const [path, at] of Object.entries(to.context.chunkReloads)) {
          const before = from.context.chunkReloads[path]
          if (before !== undefined && before !== at)
            expect(at - before).toBeGreaterThanOrEqual(10_000)
        }
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  }, 60_000)
})

/** Runs the machine for real with recording effects. */
function run(loadSession: () => Promise<{ user: ReturnType<typeof user>; onliveNum: number }>) {
  const calls: Array<[string, unknown]> = []
  const record = (name: string) => (_: unknown, params: unknown) => calls.push([name, params])
  const actor = createActor(
    appMachine.provide({
      actors: {
        loadSession: fromPromise(loadSession),
        loadMessages: fromPromise((): Promise<unknown> => Promise.resolve()),
      },
      actions: {
        notify: record('notify'),
        navigateTo: record('navigateTo'),
        navigateExternal: record('navigateExternal'),
        reloadPage: record('reloadPage'),
        rememberChunkReloads: record('rememberChunkReloads'),
        persistLocale: record('persistLocale'),
        relocalize: record('relocalize'),
        trackPageView: record('trackPageView'),
      },
    }),
    { input },
  ).start()
  const decisions: AppEmitted[] = []
  actor.on('navigation.decided', (e) => decisions.push(e))
  return { actor, calls, decisions }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('app machine effects', () => {
  it('loads the session before a route and sends a page view after it', async () => {
    const { actor, calls, decisions } = run(() => Promise.resolve({ user: user(), onliveNum: 12 }))
    actor.send({ type: 'navigation.start', path: '/', nowMs: NOW })
    await settle()
    expect(actor.getSnapshot().context.onliveNum).toBe(12)
    expect(decisions).toEqual([{ type: 'navigation.decided', seq: 1, redirectTo: null }])
    actor.send({ type: 'navigation.done', path: '/', title: 'ライブ配信 | Kirari' })
    expect(calls).toContainEqual(['trackPageView', { path: '/', title: 'ライブ配信 | Kirari' }])
  })

  it('checks the page on show again after the account changed, and makes none up before one', async () => {
    const { actor, decisions } = run(() => Promise.resolve({ user: user(), onliveNum: 0 }))
    actor.send({ type: 'session.refresh', nowMs: NOW })
    await settle()
    expect(actor.getSnapshot().context.navigation).toBeNull()
    actor.send({ type: 'navigation.start', path: '/follow', nowMs: NOW })
    await settle()
    actor.send({ type: 'session.refresh', nowMs: NOW + 1 })
    expect(actor.getSnapshot().context.navigation).toEqual({
      seq: 3,
      path: '/follow',
      nowMs: NOW + 1,
    })
    await settle()
    expect(decisions).toEqual(
      [1, 2, 3].map((seq) => ({ type: 'navigation.decided', seq, redirectTo: null })),
    )
  })

  it('sends a maintenance answer to /maintenance', async () => {
    const { actor, decisions } = run(() =>
      Promise.reject(new ApiRequestError({ kind: 'maintenance', status: 503 })),
    )
    actor.send({ type: 'navigation.start', path: '/', nowMs: NOW })
    await settle()
    expect(decisions).toEqual([{ type: 'navigation.decided', seq: 1, redirectTo: '/maintenance' }])
    expect(actor.getSnapshot().context.statusCode).toBe(503)
  })

  it('toasts the network error, follows only allowed redirects, and falls back to the system message', () => {
    const { actor, calls } = run(() => Promise.resolve({ user: user(), onliveNum: 0 }))
    actor.send(failed({ kind: 'network', status: null }))
    actor.send(failed(server({ redirectUrl: 'https://help.kirari.example/faq' })))
    actor.send(failed(server({ redirectUrl: 'https://evil.example/' })))
    actor.send(failed(server({ message: 'フォローに失敗しました' })))
    actor.send(failed(server({ status: 500 })))
    expect(calls).toEqual([
      ['notify', { tone: 'error', key: 'L_NETWORK_ERROR' }],
      ['navigateExternal', { href: 'https://help.kirari.example/faq' }],
      ['notify', { tone: 'error', key: 'L_NAVIGATION_NOT_ALLOWED' }],
      ['notify', { tone: 'error', text: 'フォローに失敗しました' }],
      ['notify', { tone: 'error', key: 'L_ERROR_MESSAGE_SYSTEM_ERROR' }],
    ])
  })

  it('reloads on a chunk error once per 10 s per path', () => {
    const { actor, calls } = run(() => Promise.resolve({ user: user(), onliveNum: 0 }))
    actor.send({ type: 'chunk.failed', path: '/terms', nowMs: 1_000 })
    actor.send({ type: 'chunk.failed', path: '/terms', nowMs: 10_999 })
    actor.send({ type: 'chunk.failed', path: '/terms', nowMs: 11_000 })
    expect(calls.filter(([name]) => name === 'reloadPage')).toHaveLength(2)
    expect(calls).toContainEqual(['rememberChunkReloads', { '/terms': 1_000 }])
  })

  it('switches locale only after its messages load, then stores it and relocalizes', async () => {
    const { actor, calls } = run(() => Promise.resolve({ user: user(), onliveNum: 0 }))
    actor.send({ type: 'locale.set', locale: 'en', path: '/terms' })
    expect(actor.getSnapshot().context.locale).toBe('ja')
    await settle()
    expect(actor.getSnapshot().context.locale).toBe('en')
    expect(calls).toEqual([
      ['persistLocale', { locale: 'en' }],
      ['relocalize', { locale: 'en', path: '/terms' }],
    ])
  })
})
