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
import { fromCallback, fromPromise } from 'xstate'
import { roomMachine } from './machines/room/room.machine.ts'
import {
  getCommentLog,
  getPolling,
  getRoomStatus,
  getStreamingUrls,
  postComment,
} from './effects/api/room.ts'
import { playerMachine } from './machines/player/player.machine.ts'
import { runPlayerEngine } from './effects/player-engine.ts'
import { openPushSocket } from './effects/push-socket.ts'

/** How often a room asks for its viewer count and whether the live goes on. */
export const ROOM_POLLING_MS = 30_000

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
  /** The push socket's address (ws:// or wss:// on our own host). */
  pushUrl: string
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
    { input: { twitterAuth: false } },
  ).start()

  // A guard that met an anonymous visitor asks for a login: the login modal opens.
  app.subscribe((snapshot) => {
    if (snapshot.context.loginRequested) {
      app.send({ type: 'login.prompted' })
      auth.send({ type: 'login.open', kind: 1 })
    }
  })

  return {
    app,
    auth,
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
          loadRoom: fromPromise(async ({ input }) => {
            const status = await getRoomStatus(effects.api, input.roomUrlKey)
            const [commentLog, streams] = status.is_live
              ? await Promise.all([
                  getCommentLog(effects.api, status.room_id),
                  getStreamingUrls(effects.api, status.room_id),
                ])
              : [[], []]
            return {
              room: {
                roomId: status.room_id,
                roomUrlKey: status.room_url_key,
                roomName: status.room_name,
                mainName: status.main_name,
                description: status.description,
                image: status.image,
                followerNum: status.follower_num,
                isLive: status.is_live,
                liveId: status.live_id,
                broadcastKey: status.broadcast_key,
                isOwner: status.is_owner,
              },
              commentLog,
              streams,
            }
          }),
          player: playerMachine.provide({
            actors: {
              engine: fromCallback(({ input, sendBack, receive }) =>
                runPlayerEngine(input, sendBack, receive),
              ),
            },
          }),
          pushSocket: fromCallback(({ sendBack, input }) =>
            openPushSocket(effects.pushUrl, input.key, sendBack),
          ),
          polling: fromCallback(({ sendBack, input }) => {
            const poll = () =>
              getPolling(effects.api, input.roomId).then(
                (p) =>
                  sendBack({
                    type: 'polling.result',
                    viewers: 'online_user_num' in p ? p.online_user_num : null,
                    liveEnd: 'live_end' in p,
                  }),
                () => {},
              )
            void poll()
            const timer = setInterval(() => void poll(), ROOM_POLLING_MS)
            return () => clearInterval(timer)
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
          goToRoom: (_, { roomUrlKey }) => effects.navigate(`/r/${encodeURIComponent(roomUrlKey)}`),
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
