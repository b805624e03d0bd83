import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { composeApp } from './compose/app.ts'
import { isWebviewClient } from './domain/webview.ts'
import { languageTag, resolveInitialLocale } from './domain/locale.ts'
import { pageViewSinks } from './effects/analytics.ts'
import { createApiClient } from './effects/api/client.ts'
import { DEFAULT_SETTINGS, getServiceSettings } from './effects/api/settings.ts'
import {
  browserLanguages,
  readChunkReloads,
  readLocaleCookie,
  reloadPage,
  replaceLocation,
  writeChunkReloads,
  writeLocaleCookie,
  whenOnline,
} from './effects/browser.ts'
import { createErrorReporter } from './effects/error-reporting.ts'
import { createVitals, watchWebVitals } from './effects/vitals.ts'
import { loadMessages, translate } from './effects/i18n.ts'
import { showNotice } from './effects/toasts.ts'
import { createAppRouter } from './router.tsx'
import { reachesGlobalHandler } from './domain/error-filter.ts'
import { AppActorContext, AuthPortContext, InspectContext } from './views/app-context.tsx'
import { whenIdle } from './views/use-module.ts'
import { VitalsContext } from './views/vitals-context.tsx'
import './views/tokens.css'
import './views/base.css'

// The composition root: the only place where machines meet the real world.
const basicUser = import.meta.env.VITE_BASIC_AUTH_USER as string | undefined
const api = createApiClient({
  basicAuth: basicUser
    ? {
        username: basicUser,
        password: (import.meta.env.VITE_BASIC_AUTH_PASSWORD as string | undefined) ?? '',
      }
    : undefined,
})

const initial = resolveInitialLocale({
  pathname: location.pathname,
  cookie: readLocaleCookie(),
  languages: browserLanguages(),
})
if (initial.redirectTo) {
  history.replaceState(history.state, '', initial.redirectTo + location.search + location.hash)
}

// Most visits land on a room: its code loads while the settings, messages and session do.
// (hls.js is the boot script's on a live room's page, and the room's prime starts it otherwise.)
if (/^(\/(en|zh-tw|th))?\/(r|lite)\/[^/]+\/?$/.test(location.pathname)) {
  void import('./compose/room.ts').then(
    (m) => m.primeRoomPage(api),
    () => {},
  )
  void import('./effects/room-device.ts').catch(() => {})
  void import('./views/room/RoomPage.tsx').catch(() => {})
}

// The rest waits for the settings and messages. In a function, not at the module's top level:
// a module with a top-level await holds back every chunk that imports from it, and the room's
// code (started above) would wait for all of this before it could start the stream.
async function start(): Promise<void> {
  const [settings] = await Promise.all([
    getServiceSettings(api).catch(() => DEFAULT_SETTINGS),
    loadMessages(initial.locale),
    initial.locale === 'ja' ? Promise.resolve() : loadMessages('ja').catch(() => {}),
  ])

  // SPEC §8/§9: errors go to the error-reporting service the server names (its own collector by
  // default). The SDK loads once the page has settled; what happens before waits for it.
  const errors = createErrorReporter(settings.error_reporting, {
    release: (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev',
    start: (task) => void whenIdle(task),
  })
  // SPEC §8: only runtime and type errors reach the global handler.
  addEventListener('error', (event) => {
    if (reachesGlobalHandler(event.error)) errors.capture(event.error)
  })
  addEventListener('unhandledrejection', (event) => {
    if (reachesGlobalHandler(event.reason)) errors.capture(event.reason)
  })

  // The flow visualizer hears this tab's actors (dev builds, the demo, or KIRARI_FLOWS=1).
  // Its code loads only then: a production site without it never fetches it.
  const stately = import.meta.env.VITE_INSPECT === '1'
  const inspector =
    settings.flows || stately
      ? (await import('./effects/inspector.ts')).createFlowInspector({ enabled: settings.flows })
      : undefined
  if (inspector && stately) {
    // The Stately inspector, for those who use it: `VITE_INSPECT=1 npm run dev`.
    const { createBrowserInspector } = await import('@statelyai/inspect')
    const browserInspector = createBrowserInspector()
    inspector.add((event) => browserInspector.inspect.next?.(event))
  }

  // Back from the payment provider's page, the browser may restore this page as it was left
  // (the back/forward cache), mid-redirect: load it anew, so the order's state comes from the server.
  let leftForPayment = false
  addEventListener('pageshow', (event) => {
    if (event.persisted && leftForPayment) location.reload()
  })

  // The router is created below; the effects that need it look it up lazily.
  const routerRef: { current: ReturnType<typeof createAppRouter> | null } = { current: null }

  const context = composeApp(
    {
      api,
      nowMs: () => Date.now(),
      errors,
      loadMessages: (locale) => loadMessages(locale),
      notify: (notice, locale) => showNotice(notice, (key) => translate(locale, key)),
      // `href` is one of our own paths chosen by the app machine ('/maintenance').
      navigate: (href) => void routerRef.current?.navigate({ to: href as '/', replace: true }),
      go: (href) => void routerRef.current?.navigate({ to: href as '/' }),
      leaveFor: (url) => {
        leftForPayment = true
        location.assign(url)
      },
      sessionStore: sessionStorage,
      newKey: () => crypto.randomUUID(),
      replaceLocation,
      reloadPage,
      writeChunkReloads,
      writeLocaleCookie,
      // After the machine's snapshot carries the new locale, so the output rewrite uses it.
      relocalize: (path) =>
        queueMicrotask(
          () => void routerRef.current?.navigate({ to: path as '/', search: true, replace: true }),
        ),
      pageViews: pageViewSinks(settings),
      // `npm run dev` points this at the server behind Vite (VITE_PUSH_URL).
      pushUrl:
        (import.meta.env.VITE_PUSH_URL as string | undefined) ??
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`,
      roomDevice: () => import('./effects/room-device.ts').then((m) => m.roomDevice),
      ...(inspector && { inspector }),
    },
    {
      locale: initial.locale,
      origin: location.origin,
      isWebview: isWebviewClient(navigator.userAgent),
      settings,
      chunkReloads: readChunkReloads(),
    },
  )

  const router = createAppRouter(context)
  routerRef.current = router

  // <html lang> follows the active locale as soon as the app machine switches it, before the
  // views re-render in the new language.
  const setDocumentLanguage = (): void => {
    const tag = languageTag(context.app.getSnapshot().context.locale)
    if (document.documentElement.lang !== tag) document.documentElement.lang = tag
  }
  setDocumentLanguage()
  context.app.subscribe(setDocumentLanguage)

  // After each navigation: a page view (SPEC.md §2).
  router.subscribe('onResolved', ({ toLocation }) => {
    // Let the page set its title first.
    queueMicrotask(() =>
      context.app.send({
        type: 'navigation.done',
        path: toLocation.pathname,
        title: document.title,
      }),
    )
  })

  // What viewers experience (issue #26): a sampled page load reports its web vitals (counted to
  // the route it landed on), the room's first frame, stalls and comment frame drops, in beacons.
  const routePattern = () => router.state.matches.at(-1)?.routeId ?? '/'
  const vitals = createVitals({
    sampleRate: settings.vitals_sample_rate,
    random: Math.random,
    route: routePattern,
    send: (body) => {
      const beacon = new Blob([JSON.stringify(body)], { type: 'text/plain' })
      if (!navigator.sendBeacon('/api/vitals', beacon)) void api.postJson('/api/vitals', body)
    },
    now: () => performance.now(),
    nextFrame: (callback) => requestAnimationFrame(callback),
    later: (callback, ms) => void setTimeout(callback, ms),
  })
  // The landing page's visit starts with the page load (0); each later one when it is asked for.
  router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged }) => {
    if (fromLocation && pathChanged) vitals.visitStarted()
  })
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') vitals.flush()
  })
  addEventListener('pagehide', () => vitals.flush())
  if (settings.vitals_sample_rate > 0) {
    whenIdle(() => {
      const landing = routePattern()
      watchWebVitals((metric, value) => vitals.recordAt(landing, metric, value)).catch(() => {})
    })
  }

  // App-update polling (SPEC §4): once the page has settled, this tab watches latest.json and
  // offers a reload when a newer build is served. A dev server has no builds to compare.
  const running = import.meta.env.VITE_BUILD_ID as string | undefined
  if (running && running !== 'dev') {
    whenIdle(() => {
      import('./compose/update.ts').then(
        ({ startUpdateWatch }) =>
          startUpdateWatch({
            running,
            translate: (key) => translate(context.app.getSnapshot().context.locale, key),
            reload: () => location.reload(),
            ...(inspector && { inspect: inspector.inspect }),
          }),
        () => {},
      )
    })
  }

  // Vite reports a failed lazy chunk here; the app machine decides whether to reload.
  // Offline, it waits for the network: the page stays as it is until then.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault()
    whenOnline(() =>
      context.app.send({ type: 'chunk.failed', path: location.pathname, nowMs: Date.now() }),
    )
  })

  const root = document.getElementById('app')
  if (!root) throw new Error('#app is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <AppActorContext.Provider value={context.app}>
        <AuthPortContext.Provider value={context.auth}>
          <InspectContext.Provider value={context.inspect}>
            <VitalsContext.Provider value={vitals}>
              <RouterProvider router={router} />
            </VitalsContext.Provider>
          </InspectContext.Provider>
        </AuthPortContext.Provider>
      </AppActorContext.Provider>
    </StrictMode>,
  )
}

void start()
