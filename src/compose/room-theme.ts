import { fromPromise } from 'xstate'
import type { AppPorts } from './ports.ts'
import type { Effects } from './effects.ts'
import {
  getLiverThemes,
  getRoomLiverTheme,
  saveRoomLiverTheme,
} from '../effects/api/liver-theme.ts'
import { liverThemeMachine } from '../machines/liver-theme/liver-theme.machine.ts'

/**
 * The room's liver theme (issue #22) with real effects: the room's theme for everyone, the
 * catalogue for its owner, and the owner's pick. Spread into roomMachines (src/compose/room.ts).
 */
export function roomThemeMachines(
  effects: Effects,
  ports: Pick<AppPorts, 'notify' | 'reportError'>,
) {
  return {
    liverTheme: liverThemeMachine.provide({
      actors: {
        loadTheme: fromPromise(async ({ input }) => {
          const [room, themes] = await Promise.all([
            getRoomLiverTheme(effects.api, input.roomId),
            input.isOwner ? getLiverThemes(effects.api) : Promise.resolve([]),
          ])
          return { theme: room.liver_theme, themes }
        }),
        saveTheme: fromPromise(({ input }) => saveRoomLiverTheme(effects.api, input)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
      },
    }),
  }
}
