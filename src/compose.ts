import { createActor, waitFor } from 'xstate'
import type { Notice } from './domain/api-failure.ts'
import type { ServiceSettings } from './domain/api-types.ts'
import type { ChunkReloads } from './domain/chunk-reload.ts'
import type { Locale } from './domain/locale.ts'
import { failureOf } from './domain/api-failure.ts'
import type { ApiClient } from './effects/api/client.ts'
import { getOnliveNum, getOnlives } from './effects/api/live.ts'
import { getCurrentUser } from './effects/api/session.ts'
import type { PageViewSink } from './effects/analytics.ts'
import { appMachine } from './machines/app/app.machine.ts'
import { onlivesMachine } from './machines/onlives/onlives.machine.ts'
import type { RouterContext } from './router-context.ts'
import { fromPromise } from 'xstate'

/** The outside world as the app machine needs it; src/main.tsx passes the browser's. */
export interface Effects {
  api: ApiClient
  nowMs: () => number
  loadMessages: (locale: Locale) => Promise<void>
  notify: (notice: Notice, locale: Locale) => void
  navigate: (href: string) => void
  replaceLocation: (href: string) => void
  reloadPage: () => void
  writeChunkReloads: (reloads: ChunkReloads) => void
  writeLocaleCookie: (locale: Locale) => void
  relocalize: (path: string) => void
  pageViews: PageViewSink
}

export interface AppStart {
  locale: Locale
  origin: string
  isWebview: boolean
  settings: ServiceSettings
  chunkReloads: ChunkReloads
}

/** Provides every machine with real effects. Only here are machines and the world joined. */
export function composeApp(effects: Effects, start: AppStart): RouterContext {
  const app = createActor(
    appMachine.provide({
      actors: {
        loadSession: fromPromise(async () => {
          const [user, onliveNum] = await Promise.all([
            getCurrentUser(effects.api),
            getOnliveNum(effects.api),
          ])
          return { user, onliveNum }
        }),
        loadMessages: fromPromise(({ input }) => effects.loadMessages(input.locale)),
      },
      actions: {
        notify: ({ context }, notice) => effects.notify(notice, context.locale),
        navigateTo: (_, { href }) => effects.navigate(href),
        navigateExternal: (_, { href }) => effects.replaceLocation(href),
        reloadPage: () => effects.reloadPage(),
        rememberChunkReloads: (_, reloads) => effects.writeChunkReloads(reloads),
        persistLocale: (_, { locale }) => effects.writeLocaleCookie(locale),
        relocalize: (_, { path }) => effects.relocalize(path),
        trackPageView: ({ context }, view) =>
          effects.pageViews.pageView({ ...view, locale: context.locale }),
      },
    }),
    { input: start },
  ).start()

  const reportError = (error: unknown) =>
    app.send({ type: 'api.failed', failure: failureOf(error) })

  return {
    app,
    api: effects.api,
    nowMs: effects.nowMs,
    loadMessages: effects.loadMessages,
    async guardNavigation(path) {
      app.send({ type: 'navigation.start', path, nowMs: effects.nowMs() })
      const seq = app.getSnapshot().context.seq
      const done = await waitFor(
        app,
        (s) => s.context.decision?.seq === seq || s.context.seq !== seq,
      )
      return {
        redirectTo: done.context.decision?.seq === seq ? done.context.decision.redirectTo : null,
      }
    },
    machines: {
      onlives: onlivesMachine.provide({
        actors: { loadOnlives: fromPromise(({ input }) => getOnlives(effects.api, input.locale)) },
        actions: { reportError: (_, { error }) => reportError(error) },
      }),
    },
  }
}
