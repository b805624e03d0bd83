import { createActor } from 'xstate'
import type { ServiceSettings } from '../domain/api-types.ts'
import type { ChunkReloads } from '../domain/chunk-reload.ts'
import type { Locale } from '../domain/locale.ts'
import { failureOf } from '../domain/api-failure.ts'
import { getOnliveNum, getOnlives } from '../effects/api/live.ts'
import { getCurrentUser } from '../effects/api/session.ts'
import { appMachine } from '../machines/app/app.machine.ts'
import { onlivesMachine } from '../machines/onlives/onlives.machine.ts'
import { authPort } from '../auth-port.ts'
import { once } from '../lazy-once.ts'
import type { RouterContext } from '../router-context.ts'
import { fromPromise } from 'xstate'
import type { EventMachines } from './event.ts'
import type { CampaignMachines } from './campaign.ts'
import type { LotteryMachines } from './lottery.ts'
import type { AppPorts } from './ports.ts'
import type { Effects } from './effects.ts'
import type { AccountMachines } from './account.ts'
import type { RoomMachines } from './room.ts'
import type { SearchMachines } from './search.ts'
import type { ShopMachines } from './shop.ts'
import type { SiteDialogMachines } from './site-dialog.ts'

export interface AppStart {
  locale: Locale
  origin: string
  isWebview: boolean
  settings: ServiceSettings
  chunkReloads: ChunkReloads
}

/** Provides every machine with real effects. Only here are machines and the world joined. */
export function composeApp(effects: Effects, start: AppStart): RouterContext {
  const inspectOption = effects.inspector ? { inspect: effects.inspector.inspect } : {}
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
    { input: start, ...inspectOption },
  ).start()

  // Shown to the user by the app machine, and sent to the error-reporting service (SPEC §8:
  // less the failures it ignores).
  const reportError = (error: unknown) => {
    effects.errors.capture(error)
    app.send({ type: 'api.failed', failure: failureOf(error) })
  }
  // An event carries the user id, nothing more of the user.
  let reportedUser: number | null = null
  app.subscribe(({ context }) => {
    const userId = context.user?.is_login ? context.user.user_id : null
    if (userId === reportedUser) return
    reportedUser = userId
    effects.errors.setUser(userId)
  })
  // A gift or a draw answered the new balance: the header shows it.
  const walletChanged = (_: unknown, wallet: { gold: number; expiringGold: number }) =>
    app.send({ type: 'wallet.updated', ...wallet })

  const auth = authPort(() =>
    import('./auth.ts').then((m) => m.startAuth(effects, app, reportError)),
  )

  // A guard that met an anonymous visitor asks for a login: the login modal opens.
  app.on('login.requested', () => auth.send({ type: 'login.open', kind: 1 }))

  const ports: AppPorts = {
    isLoggedIn: () => app.getSnapshot().context.user?.is_login === true,
    notify: (notice) => effects.notify(notice, app.getSnapshot().context.locale),
    reportError,
    requireLogin: () => auth.send({ type: 'login.open', kind: 1 }),
    walletChanged,
    refreshSession: () => app.send({ type: 'session.refresh', nowMs: effects.nowMs() }),
  }
  return {
    app,
    auth,
    // The room's, the lotteries', the shop's and the account pages' code load with their first page.
    // A load that failed is tried again by the next page that needs it (src/lazy-once.ts).
    account: once<AccountMachines>(() =>
      import('./account.ts').then((m) => m.accountMachines(effects, ports)),
    ),
    shop: once<ShopMachines>(() => import('./shop.ts').then((m) => m.shopMachines(effects, ports))),
    room: once<RoomMachines>(() =>
      Promise.all([import('./room.ts'), effects.roomDevice()]).then(([m, device]) =>
        m.roomMachines(effects, device, {
          ...ports,
          locale: () => app.getSnapshot().context.locale,
          openSmsAuth: () => auth.send({ type: 'sms.open' }),
          origin: start.origin,
        }),
      ),
    ),
    event: once<EventMachines>(() =>
      import('./event.ts').then((m) => m.eventMachines(effects, ports)),
    ),
    campaign: once<CampaignMachines>(() =>
      import('./campaign.ts').then((m) => m.campaignMachines(effects, ports)),
    ),
    search: once<SearchMachines>(() =>
      import('./search.ts').then((m) => m.searchMachines(effects, ports)),
    ),
    siteDialog: once<SiteDialogMachines>(() =>
      import('./site-dialog.ts').then((m) => m.siteDialogMachines(effects, ports)),
    ),
    lottery: once<LotteryMachines>(() =>
      import('./lottery.ts').then((m) => m.lotteryAndFlows(effects, ports)),
    ),
    api: effects.api,
    reportCrash: (error) => effects.errors.capture(error),
    nowMs: effects.nowMs,
    loadMessages: effects.loadMessages,
    guardNavigation(path) {
      // The machine answers every navigation it starts, a superseded one included.
      return new Promise((resolve) => {
        const seq = app.getSnapshot().context.seq + 1
        const answer = app.on('navigation.decided', (decided) => {
          if (decided.seq !== seq) return
          answer.unsubscribe()
          resolve({ redirectTo: decided.redirectTo })
        })
        app.send({ type: 'navigation.start', path, nowMs: effects.nowMs() })
      })
    },
    inspect: effects.inspector?.inspect,
    machines: {
      onlives: onlivesMachine.provide({
        actors: { loadOnlives: fromPromise(({ input }) => getOnlives(effects.api, input.locale)) },
        actions: { reportError: (_, { error }) => reportError(error) },
      }),
    },
  }
}
