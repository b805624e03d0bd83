import { createActor, waitFor } from 'xstate'
import type { Notice } from './domain/api-failure.ts'
import type { ServiceSettings } from './domain/api-types.ts'
import type { ChunkReloads } from './domain/chunk-reload.ts'
import type { Locale } from './domain/locale.ts'
import { GIFT_SOUND_VOLUME, type MutedUser } from './domain/room.ts'
import { getGiftPanel, saveConfirmPaid, sendBulkFree, sendGift } from './effects/api/gifts.ts'
import { translate } from './effects/i18n.ts'
import { giftMachine } from './machines/gift/gift.machine.ts'
import { ownerMachine } from './machines/owner/owner.machine.ts'
import { loadOwnerPanel, ownerCall } from './effects/api/owner.ts'
import { runClock } from './effects/clock.ts'
import { regulationMachine } from './machines/regulation/regulation.machine.ts'
import { failureOf } from './domain/api-failure.ts'
import type { ApiClient } from './effects/api/client.ts'
import { getOnliveNum, getOnlives } from './effects/api/live.ts'
import { getCurrentUser } from './effects/api/session.ts'
import type { PageViewSink } from './effects/analytics.ts'
import { appMachine } from './machines/app/app.machine.ts'
import { onlivesMachine } from './machines/onlives/onlives.machine.ts'
import { authMachine } from './machines/auth/auth.machine.ts'
import { mypageMachine } from './machines/mypage/mypage.machine.ts'
import { passwordResetMachine } from './machines/password-reset/password-reset.machine.ts'
import {
  finishSmsReset,
  getAccount,
  sendSmsReset,
  startSmsReset,
  updateAccount,
  forgetMailSend,
  getCaptcha,
  login,
  logout,
  register,
  sendSmsAuthCode,
  verifySmsAuthCode,
} from './effects/api/account.ts'
import type { RouterContext } from './router-context.ts'
import type { FlowInspector } from './effects/inspector.ts'
import { fromCallback, fromPromise } from 'xstate'
import { roomMachine } from './machines/room/room.machine.ts'
import {
  getCommentLog,
  getPolling,
  getReportCategories,
  loadRoom,
  postComment,
  saveWelcomeComment,
  sendReport,
  setFollow,
} from './effects/api/room.ts'
import { pollingMachine } from './machines/polling/polling.machine.ts'
import { lotteryAndFlows, type AppPorts } from './compose-lottery.ts'
import type { ShopMachines } from './compose-shop.ts'
import { reportMachine } from './machines/report/report.machine.ts'
import { welcomeEditorMachine } from './machines/welcome-editor/welcome-editor.machine.ts'
import { playerMachine } from './machines/player/player.machine.ts'
import { preloadPlayer, runPlayerEngine } from './effects/player-engine.ts'
import { openPushSocket } from './effects/push-socket.ts'

/** The outside world as the app machine needs it; src/main.tsx passes the browser's. */
export interface Effects {
  api: ApiClient
  nowMs: () => number
  loadMessages: (locale: Locale) => Promise<void>
  notify: (notice: Notice, locale: Locale) => void
  navigate: (href: string) => void
  /** Opens another page of the app as a new history entry (the checkout's steps). */
  go: (href: string) => void
  /** Leaves the app for a page the server renders (the payment provider's). */
  leaveFor: (url: string) => void
  /** The tab's session storage (the checkout's client keys live there until an order is over). */
  sessionStore: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** A fresh random key (a purchase attempt's client key). */
  newKey: () => string
  replaceLocation: (href: string) => void
  reloadPage: () => void
  writeChunkReloads: (reloads: ChunkReloads) => void
  writeLocaleCookie: (locale: Locale) => void
  relocalize: (path: string) => void
  pageViews: PageViewSink
  /** The push socket's address (ws:// or wss:// on our own host). */
  pushUrl: string
  /** SPEC §3 mute info, kept for the browser session. */
  mutes: {
    read: (roomId: number) => MutedUser[]
    write: (roomId: number, muted: readonly MutedUser[]) => void
  }
  /** SPEC §9 gift sound: the remembered setting, and the sound itself at a volume (0–1). */
  giftSound: { read: () => boolean; write: (on: boolean) => void; play: (volume: number) => void }
  /** Copies text (the stream key) to the clipboard. */
  copy: (text: string) => Promise<boolean>
  /** Every actor of the app is created with this `inspect` (the flow visualizer listens). */
  inspector?: FlowInspector
  /** The share sheet, or the clipboard where there is none. */
  share: (link: { url: string; title: string }) => Promise<'shared' | 'copied' | 'cancelled'>
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

  const reportError = (error: unknown) =>
    app.send({ type: 'api.failed', failure: failureOf(error) })
  // A gift or a draw answered the new balance: the header shows it.
  const walletChanged = (_: unknown, wallet: { gold: number; expiringGold: number }) =>
    app.send({ type: 'wallet.updated', ...wallet })

  const auth = createActor(
    authMachine.provide({
      actors: {
        loadCaptcha: fromPromise(async () => (await getCaptcha(effects.api)).captcha_url),
        login: fromPromise(({ input }) => login(effects.api, input)),
        register: fromPromise(({ input }) => register(effects.api, input)),
        forgetMail: fromPromise(({ input }) => forgetMailSend(effects.api, input.mailAddress)),
        sendSmsCode: fromPromise(({ input }) => sendSmsAuthCode(effects.api, input.phone)),
        verifySmsCode: fromPromise(({ input }) => verifySmsAuthCode(effects.api, input.code)),
        logout: fromPromise(async (): Promise<unknown> => {
          await logout(effects.api)
          return null
        }),
      },
      actions: {
        reloadPage: () => effects.reloadPage(),
        notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
        reportError: (_, { error }) => reportError(error),
        // The header and the guards read the user from the app: load it again.
        smsVerified: () => app.send({ type: 'session.refresh', nowMs: effects.nowMs() }),
      },
    }),
    { input: { twitterAuth: false }, ...inspectOption },
  ).start()

  // A guard that met an anonymous visitor asks for a login: the login modal opens.
  app.subscribe((snapshot) => {
    if (snapshot.context.loginRequested) {
      app.send({ type: 'login.prompted' })
      auth.send({ type: 'login.open', kind: 1 })
    }
  })

  const ports: AppPorts = {
    isLoggedIn: () => app.getSnapshot().context.user?.is_login === true,
    notify: (notice) => effects.notify(notice, app.getSnapshot().context.locale),
    reportError,
    requireLogin: () => auth.send({ type: 'login.open', kind: 1 }),
    walletChanged,
    refreshSession: () => app.send({ type: 'session.refresh', nowMs: effects.nowMs() }),
  }
  let shop: Promise<ShopMachines> | undefined

  return {
    app,
    auth,
    // The shop's code loads with its first page.
    shop: () => (shop ??= import('./compose-shop.ts').then((m) => m.shopMachines(effects, ports))),
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
    inspect: effects.inspector?.inspect,
    machines: {
      ...lotteryAndFlows(effects, ports),
      owner: ownerMachine.provide({
        actors: {
          loadPanel: fromPromise(({ input }) => loadOwnerPanel(effects.api, input.roomId)),
          regulation: regulationMachine.provide({
            actors: {
              clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
            },
          }),
          call: fromPromise(({ input }) => ownerCall(effects.api, input, input.call)),
        },
        actions: {
          notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
          reportError: (_, { error }) => reportError(error),
          copyKey: (_, { key }) => void effects.copy(key),
        },
      }),
      onlives: onlivesMachine.provide({
        actors: { loadOnlives: fromPromise(({ input }) => getOnlives(effects.api, input.locale)) },
        actions: { reportError: (_, { error }) => reportError(error) },
      }),
      mypage: mypageMachine.provide({
        actors: {
          loadAccount: fromPromise(() => getAccount(effects.api)),
          saveProfile: fromPromise(({ input }) =>
            updateAccount(effects.api, {
              name: input.name,
              ...(input.birthday ? { birthday: input.birthday } : {}),
            }),
          ),
        },
        actions: {
          notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
          reportError: (_, { error }) => reportError(error),
          refreshSession: () => app.send({ type: 'session.refresh', nowMs: effects.nowMs() }),
        },
      }),
      room: roomMachine.provide({
        actors: {
          loadRoom: fromPromise(({ input }) => {
            // Most rooms opened are on air: the player's library loads alongside the room.
            preloadPlayer()
            return loadRoom(effects.api, input.roomUrlKey, {
              mutedUsers: effects.mutes.read,
              giftSound: effects.giftSound.read,
            })
          }),
          player: playerMachine.provide({
            actors: {
              engine: fromCallback(({ input, sendBack, receive }) =>
                runPlayerEngine(input, sendBack, receive),
              ),
            },
          }),
          pushSocket: fromCallback(({ sendBack, input }) =>
            openPushSocket(effects.pushUrl, input.key, sendBack, {
              initial: input.initial,
              backfill: () => getCommentLog(effects.api, input.roomId),
            }),
          ),
          polling: pollingMachine.provide({
            actors: { poll: fromPromise(({ input }) => getPolling(effects.api, input.roomId)) },
          }),
          report: reportMachine.provide({
            actors: {
              loadCategories: fromPromise(() => getReportCategories(effects.api)),
              sendReport: fromPromise(({ input }) => sendReport(effects.api, input)),
            },
            actions: {
              notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
              reportError: (_, { error }) => reportError(error),
            },
          }),
          setFollow: fromPromise(({ input }) => setFollow(effects.api, input.roomId, input.follow)),
          gift: giftMachine.provide({
            actors: {
              loadPanel: fromPromise(({ input }) =>
                getGiftPanel(
                  effects.api,
                  input.roomId,
                  translate(app.getSnapshot().context.locale, 'gift.voteTab'),
                ),
              ),
              sendGift: fromPromise(({ input }) => sendGift(effects.api, input)),
              sendBulk: fromPromise(({ input }) => sendBulkFree(effects.api, input.liveId)),
              saveConfirmPaid: fromPromise(({ input }) => saveConfirmPaid(effects.api, input.on)),
            },
            actions: {
              notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
              reportError: (_, { error }) => reportError(error),
              requireLogin: () => auth.send({ type: 'login.open', kind: 1 }),
              walletChanged,
            },
          }),
          welcomeEditor: welcomeEditorMachine.provide({
            actors: {
              saveWelcome: fromPromise(({ input }) =>
                saveWelcomeComment(effects.api, input.roomId, input.comment),
              ),
            },
            actions: {
              notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
              reportError: (_, { error }) => reportError(error),
            },
          }),
          postComment: fromPromise(({ input }) =>
            postComment(effects.api, input.liveId, input.text),
          ),
          // The most watched other room on air (Pick Up first), or none.
          findNextRoom: fromPromise(async ({ input }) => {
            const genres = await getOnlives(effects.api, app.getSnapshot().context.locale)
            const next = genres
              .flatMap((g) => g.lives)
              .find((l) => l.room_url_key !== input.roomUrlKey)
            return next ? { roomUrlKey: next.room_url_key, mainName: next.main_name } : null
          }),
        },
        actions: {
          reportError: (_, { error }) => reportError(error),
          openSmsAuth: () => auth.send({ type: 'sms.open' }),
          requireLogin: () => auth.send({ type: 'login.open', kind: 1 }),
          notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
          goToRoom: (_, { roomUrlKey }) => effects.navigate(`/r/${encodeURIComponent(roomUrlKey)}`),
          saveMutes: (_, { roomId, muted }) => effects.mutes.write(roomId, muted),
          saveGiftSound: (_, { on }) => effects.giftSound.write(on),
          playGiftSound: () => effects.giftSound.play(GIFT_SOUND_VOLUME),
          share: (_, { roomUrlKey, title }) => {
            const locale = app.getSnapshot().context.locale
            effects
              .share({ url: `${start.origin}/r/${encodeURIComponent(roomUrlKey)}`, title })
              .then(
                (outcome) => {
                  if (outcome === 'copied')
                    effects.notify({ tone: 'success', key: 'room.linkCopied' }, locale)
                },
                () => effects.notify({ tone: 'error', key: 'room.shareFailed' }, locale),
              )
          },
        },
      }),
      passwordReset: passwordResetMachine.provide({
        actors: {
          startReset: fromPromise(({ input }) => startSmsReset(effects.api, input.accountId)),
          sendCode: fromPromise(({ input }) => sendSmsReset(effects.api, input.accountId)),
          finishReset: fromPromise(({ input }) =>
            finishSmsReset(effects.api, {
              account_id: input.accountId,
              code: input.code,
              password: input.password,
              password_confirm: input.passwordConfirm,
            }),
          ),
        },
        actions: {
          notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
          reportError: (_, { error }) => reportError(error),
        },
      }),
    },
  }
}
