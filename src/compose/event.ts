import { fromCallback, fromPromise } from 'xstate'
import type { Effects } from './effects.ts'
import {
  applyToEvent,
  decideEntry,
  getOrganizerEntries,
  getOrganizerEvents,
  saveOrganizerEvent,
  getEventRanking,
  loadConfirmation,
  loadEventPage,
} from '../effects/api/event.ts'
import {
  getGenreRanking,
  getMedals,
  getMyRanking,
  getOwnRoomGrade,
  getRankingTabs,
  getRoomMemory,
} from '../effects/api/ranking.ts'
import { runClock } from '../effects/clock.ts'
import { eventPushKey } from '../contract/push.ts'
import { openPushSocket } from '../effects/push-socket.ts'
import { eventMachine } from '../machines/event/event.machine.ts'
import { gradeMachine } from '../machines/grade/grade.machine.ts'
import { medalMachine } from '../machines/medal/medal.machine.ts'
import { memoryMachine } from '../machines/memory/memory.machine.ts'
import { rankingMachine } from '../machines/ranking/ranking.machine.ts'
import { organizerEventsMachine } from '../machines/organizer/organizer-events.machine.ts'
import { navigatorPermissionsMachine } from '../machines/navigator/navigator-permissions.machine.ts'
import { organizerRoomsMachine } from '../machines/navigator/organizer-rooms.machine.ts'
import {
  decideRoomOrganizer,
  getNavigatorPermissions,
  getOrganizerRooms,
  linkOrganizerRoom,
  loadOwnerNavigators,
  setNavigatorPermission,
} from '../effects/api/navigator.ts'
import type { AppPorts } from './ports.ts'

/**
 * The event pages', the organizer's (events, rooms, navigators' rights), the owner's navigators
 * page and the standings pages' (ranking, grade, medals, the year's memory) machines with real
 * effects: loaded with the first of those pages (src/compose/app.ts), not with the site.
 */
export function eventMachines(effects: Effects, ports: AppPorts) {
  const reportError = (_: unknown, { error }: { error: unknown }) => ports.reportError(error)
  return {
    event: eventMachine.provide({
      actors: {
        loadEvent: fromPromise(({ input }) =>
          input.view === 'page'
            ? loadEventPage(effects.api, input.eventRef, input.page, ports.isLoggedIn())
            : loadConfirmation(effects.api, Number(input.eventRef), ports.isLoggedIn()),
        ),
        loadRanking: fromPromise(({ input }) =>
          getEventRanking(effects.api, input.eventId, input.page, input.version),
        ),
        apply: fromPromise(({ input }) => applyToEvent(effects.api, input.eventId)),
        listen: fromCallback(({ sendBack, input }) =>
          openPushSocket(effects.pushUrl, eventPushKey(input.eventId), (event) => {
            if (event.type === 'push.eventRanking')
              sendBack({ type: 'ranking.changed', version: event.version })
          }),
        ),
        clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
        requireLogin: ports.requireLogin,
      },
    }),
    organizer: organizerEventsMachine.provide({
      actors: {
        loadEvents: fromPromise(() => getOrganizerEvents(effects.api)),
        saveEvent: fromPromise(({ input }) =>
          saveOrganizerEvent(effects.api, input.eventId, input.form),
        ),
        loadEntries: fromPromise(({ input }) => getOrganizerEntries(effects.api, input.eventId)),
        decide: fromPromise(({ input }) => {
          const { eventId, roomId, ...decision } = input
          return decideEntry(effects.api, eventId, roomId, decision)
        }),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
      },
    }),
    organizerRooms: organizerRoomsMachine.provide({
      actors: {
        loadRooms: fromPromise(() => getOrganizerRooms(effects.api)),
        linkRoom: fromPromise(({ input }) => linkOrganizerRoom(effects.api, input.roomUrlKey)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError,
        requireLogin: ports.requireLogin,
      },
    }),
    // The organizer's page edits a room's navigators; the owner's (/room/manage/navigator) reads.
    navigatorPermissions: navigatorPermissionsMachine.provide({
      actors: {
        loadPermissions: fromPromise(async ({ input }) =>
          input.mode === 'owner'
            ? loadOwnerNavigators(effects.api, input.roomUrlKey)
            : {
                roomId: input.roomId,
                permissions: await getNavigatorPermissions(effects.api, input.roomId),
                link: null,
              },
        ),
        savePermission: fromPromise(({ input }) => setNavigatorPermission(effects.api, input)),
        decideLink: fromPromise(({ input }) =>
          decideRoomOrganizer(effects.api, { room_id: input.roomId, accept: input.accept }),
        ),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError,
        requireLogin: ports.requireLogin,
      },
    }),
    ranking: rankingMachine.provide({
      actors: {
        loadTabs: fromPromise(() => getRankingTabs(effects.api)),
        loadRanking: fromPromise(({ input }) =>
          getGenreRanking(effects.api, input.genre, input.period, input.page),
        ),
        loadMine: fromPromise(({ input }) =>
          getMyRanking(effects.api, input.genre, input.period, ports.isLoggedIn()),
        ),
      },
      actions: { reportError },
    }),
    grade: gradeMachine.provide({
      actors: {
        loadGrade: fromPromise(({ input }) =>
          getOwnRoomGrade(effects.api, input.roomUrlKey, effects.nowMs),
        ),
        clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
      },
      actions: { reportError },
    }),
    medal: medalMachine.provide({
      actors: {
        loadMedals: fromPromise(({ input }) =>
          getMedals(effects.api, input.owner, input.roomUrlKey),
        ),
      },
      actions: { reportError },
    }),
    memory: memoryMachine.provide({
      actors: {
        loadMemory: fromPromise(({ input }) =>
          getRoomMemory(effects.api, input.year, input.roomUrlKey, ports.isLoggedIn()),
        ),
      },
      actions: { reportError },
    }),
  }
}

export type EventMachines = ReturnType<typeof eventMachines>
