import { fromCallback, fromPromise } from 'xstate'
import type { AppPorts } from './ports.ts'
import type { Effects } from './effects.ts'
import { roomPartyMachines } from './room-party.ts'
export { primeRoomPage } from './room-prime.ts'
import type { Locale } from '../domain/locale.ts'
import { GIFT_SOUND_VOLUME } from '../domain/room.ts'
import { getGiftPanel, saveConfirmPaid, sendBulkFree, sendGift } from '../effects/api/gifts.ts'
import { getOnlives } from '../effects/api/live.ts'
import { loadOwnerPanel, ownerCall } from '../effects/api/owner.ts'
import { loadNavigatorPanel } from '../effects/api/navigator.ts'
import {
  getCommentLog,
  getPolling,
  getReportCategories,
  postComment,
  saveWelcomeComment,
  sendReport,
  setFollow,
} from '../effects/api/room.ts'
import { completeRoomLoad, loadRoom } from '../effects/api/room-load.ts'
import { runClock } from '../effects/clock.ts'
import { takePrimed } from './room-prime.ts'
import type { RoomDevice } from '../effects/room-device.ts'
import { translate } from '../effects/i18n.ts'
import { preloadPlayer, runPlayerEngine } from '../effects/player-engine.ts'
import { openPushSocket } from '../effects/push-socket.ts'
import { giftMachine } from '../machines/gift/gift.machine.ts'
import { missionMachine } from '../machines/mission/mission.machine.ts'
import { roomMissionMachine } from '../machines/room/room.mission.ts'
import { provideMission } from './mission.ts'
import { nextLiveMachine } from '../machines/next-live/next-live.machine.ts'
import {
  getGreeting,
  getNextLive,
  getPushSendStatus,
  saveGreeting,
  saveNextLive,
  setPushSendStatus,
} from '../effects/api/follow.ts'
import {
  getLiveTags,
  saveLiveTags,
  suggestLiveTags,
  validateLiveTag,
} from '../effects/api/live-tags.ts'
import { greetingMachine } from '../machines/greeting/greeting.machine.ts'
import { liveTagsMachine } from '../machines/live-tags/live-tags.machine.ts'
import { roomNoticeMachine } from '../machines/room-notice/room-notice.machine.ts'
import { ownerMachine } from '../machines/owner/owner.machine.ts'
import { playerMachine } from '../machines/player/player.machine.ts'
import { pollingMachine } from '../machines/polling/polling.machine.ts'
import { regulationMachine } from '../machines/regulation/regulation.machine.ts'
import { reportMachine } from '../machines/report/report.machine.ts'
import { roomMachine } from '../machines/room/room.machine.ts'
import { roomOffAirMachine, roomOnAirMachine } from '../machines/room/room-visit.machine.ts'
import { welcomeEditorMachine } from '../machines/welcome-editor/welcome-editor.machine.ts'
import { roomAnimationMachines } from './room-animations.ts'
import { roomThemeMachines } from './room-theme.ts'
import { roomIngestMachines } from './room-ingest.ts'

/** What the room's machines need of the app besides AppPorts. */
export interface RoomPorts extends AppPorts {
  locale: () => Locale
  openSmsAuth: () => void
  /** The site's origin, for share links. */
  origin: string
}

/**
 * A room visit's machines with real effects: the room and its children (player, push socket,
 * polling, gifts, missions, reports, the welcome editor), the owner's broadcaster menu, the next
 * live, the live's tags, the greeting to followers, a follower's notice bell, and the /mission
 * page's panel. Loaded with the first room page (src/compose/app.ts), not with the site.
 */
export function roomMachines(effects: Effects, device: RoomDevice, ports: RoomPorts) {
  const provideVisit = roomVisit(effects, device, ports)
  return {
    ...roomAnimationMachines(effects),
    ...roomThemeMachines(effects, ports),
    ...roomPartyMachines(effects, ports),
    ...roomIngestMachines(effects),
    owner: ownerMachine.provide({
      actors: {
        loadPanel: fromPromise(({ input }) =>
          input.navigator
            ? loadNavigatorPanel(effects.api, input.roomId)
            : loadOwnerPanel(effects.api, input.roomId),
        ),
        regulation: regulationMachine.provide({
          actors: {
            clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
          },
        }),
        call: fromPromise(({ input }) => ownerCall(effects.api, input, input.call)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
        copyKey: (_, { key }) => void device.copy(key),
      },
    }),
    nextLive: nextLiveMachine.provide({
      actors: {
        loadNextLive: fromPromise(({ input }) => getNextLive(effects.api, input.roomId)),
        saveNextLive: fromPromise(({ input }) => saveNextLive(effects.api, input)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
      },
    }),
    liveTags: liveTagsMachine.provide({
      actors: {
        loadTags: fromPromise(({ input }) => getLiveTags(effects.api, input.roomId)),
        suggestTags: fromPromise(({ input }) => suggestLiveTags(effects.api, input.keyword)),
        validateTag: fromPromise(({ input }) => validateLiveTag(effects.api, input.tag)),
        saveTags: fromPromise(({ input }) => saveLiveTags(effects.api, input)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
      },
    }),
    greeting: greetingMachine.provide({
      actors: {
        loadGreeting: fromPromise(({ input }) => getGreeting(effects.api, input.roomId)),
        saveGreeting: fromPromise(({ input }) => saveGreeting(effects.api, input)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
      },
    }),
    roomNotice: roomNoticeMachine.provide({
      actors: {
        loadStatus: fromPromise(({ input }) => getPushSendStatus(effects.api, input.roomId)),
        setStatus: fromPromise(({ input }) => setPushSendStatus(effects.api, input)),
        // Web Push (issue #41), loaded only when a follower turns a room's notices on.
        checkDeviceOffer: fromPromise(() =>
          import('../effects/web-push.ts').then((m) => m.shouldOfferDevice(effects.api)),
        ),
        subscribeDevice: fromPromise(() =>
          import('../effects/web-push.ts').then((m) => m.subscribeDevice(effects.api)),
        ),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
      },
    }),
    // /mission: a reward there reloads the user (the header's gold); no room to tell.
    missionPage: provideMission(missionMachine, effects, ports).provide({
      actions: { signalRewarded: ports.refreshSession },
    }),
    room: roomMachine.provide({
      actors: {
        loadRoom: fromPromise(({ input }) => {
          // Most rooms opened are on air: the player's library loads alongside the room.
          preloadPlayer()
          const local = {
            mutedUsers: device.mutes.read,
            giftSound: device.giftSound.read,
            loggedIn: ports.isLoggedIn,
          }
          const early = takePrimed(input.roomUrlKey)
          return early
            ? completeRoomLoad(effects.api, early, local).catch(() =>
                loadRoom(effects.api, input.roomUrlKey, local),
              )
            : loadRoom(effects.api, input.roomUrlKey, local)
        }),
        onAirVisit: provideVisit(roomOnAirMachine),
        offAirVisit: provideVisit(roomOffAirMachine),
      },
      actions: { reportError: (_, { error }) => ports.reportError(error) },
    }),
  }
}

export type RoomMachines = ReturnType<typeof roomMachines>

/** The loaded room's effects, on air or off air alike: the same machine, two starting states. */
function roomVisit(effects: Effects, device: RoomDevice, ports: RoomPorts) {
  return (machine: typeof roomOnAirMachine) =>
    machine.provide({
      actors: {
        player: playerMachine.provide({
          actors: {
            engine: fromCallback(({ input, sendBack, receive }) =>
              runPlayerEngine(input, sendBack, receive),
            ),
          },
        }),
        pushSocket: fromCallback(({ sendBack, input }) =>
          openPushSocket(effects.pushUrl, input.key, sendBack, {
            ownerKey: input.ownerKey,
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
            notify: (_, notice) => ports.notify(notice),
            reportError: (_, { error }) => ports.reportError(error),
          },
        }),
        setFollow: fromPromise(({ input }) => setFollow(effects.api, input.roomId, input.follow)),
        gift: giftMachine.provide({
          actors: {
            loadPanel: fromPromise(({ input }) =>
              getGiftPanel(effects.api, input.roomId, translate(ports.locale(), 'gift.voteTab')),
            ),
            sendGift: fromPromise(({ input }) => sendGift(effects.api, input)),
            sendBulk: fromPromise(({ input }) => sendBulkFree(effects.api, input.liveId)),
            saveConfirmPaid: fromPromise(({ input }) => saveConfirmPaid(effects.api, input.on)),
          },
          actions: {
            notify: (_, notice) => ports.notify(notice),
            reportError: (_, { error }) => ports.reportError(error),
            requireLogin: ports.requireLogin,
            walletChanged: ports.walletChanged,
          },
        }),
        welcomeEditor: welcomeEditorMachine.provide({
          actors: {
            saveWelcome: fromPromise(({ input }) =>
              saveWelcomeComment(effects.api, input.roomId, input.comment),
            ),
          },
          actions: {
            notify: (_, notice) => ports.notify(notice),
            reportError: (_, { error }) => ports.reportError(error),
          },
        }),
        postComment: fromPromise(async ({ input }) => {
          const answer = await postComment(effects.api, input.liveId, input.text)
          return { text: input.text, missionAchieved: answer.mission.has_achievement }
        }),
        mission: provideMission(roomMissionMachine, effects, ports),
        // The most watched other room on air (Pick Up first), or none.
        findNextRoom: fromPromise(async ({ input }) => {
          const genres = await getOnlives(effects.api, ports.locale())
          const next = genres
            .flatMap((g) => g.lives)
            .find((l) => l.room_url_key !== input.roomUrlKey)
          return next ? { roomUrlKey: next.room_url_key, mainName: next.main_name } : null
        }),
      },
      actions: {
        reportError: (_, { error }) => ports.reportError(error),
        refreshUser: ports.refreshSession,
        openSmsAuth: ports.openSmsAuth,
        requireLogin: ports.requireLogin,
        notify: (_, notice) => ports.notify(notice),
        goToRoom: (_, { roomUrlKey }) => effects.navigate(`/r/${encodeURIComponent(roomUrlKey)}`),
        saveMutes: (_, { roomId, muted }) => device.mutes.write(roomId, muted),
        saveGiftSound: (_, { on }) => device.giftSound.write(on),
        playGiftSound: () => device.giftSound.play(GIFT_SOUND_VOLUME),
        share: (_, { roomUrlKey, title }) => {
          const locale = ports.locale()
          device.share({ url: `${ports.origin}/r/${encodeURIComponent(roomUrlKey)}`, title }).then(
            (outcome) => {
              if (outcome === 'copied')
                effects.notify({ tone: 'success', key: 'room.linkCopied' }, locale)
            },
            () => effects.notify({ tone: 'error', key: 'room.shareFailed' }, locale),
          )
        },
      },
    })
}
