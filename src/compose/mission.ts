import { fromCallback, fromPromise } from 'xstate'
import type { Locale } from '../domain/locale.ts'
import { getMissions, receiveMission } from '../effects/api/mission.ts'
import { runClock } from '../effects/clock.ts'
import { translate } from '../effects/i18n.ts'
import type { missionMachine } from '../machines/mission/mission.machine.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/**
 * The mission panel's effects, on the room's panel (src/machines/room/room.mission.ts) or the
 * /mission page's: the lists with the moment they were asked (the countdown runs from the
 * server's `now`), receiving, the clock, and the toast after a reward.
 */
export function provideMission(
  machine: typeof missionMachine,
  effects: Effects,
  ports: AppPorts & { locale: () => Locale },
) {
  return machine.provide({
    actors: {
      loadMissions: fromPromise(async ({ input }) => {
        const answer = await getMissions(effects.api, input.roomId ?? undefined)
        return { answer, atMs: effects.nowMs() }
      }),
      receiveMission: fromPromise(({ input }) => receiveMission(effects.api, input.missionId)),
      clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
    },
    actions: {
      reportError: (_, { error }) => ports.reportError(error),
      requireLogin: ports.requireLogin,
      notifyReceived: (_, reward) =>
        ports.notify({
          tone: 'success',
          text: translate(ports.locale(), 'mission.received', reward),
        }),
    },
  })
}
