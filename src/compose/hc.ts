import { fromCallback, fromPromise } from 'xstate'
import { getHall } from '../effects/api/hc.ts'
import { getStreamingUrls } from '../effects/api/room.ts'
import { runPlayerEngine } from '../effects/player-engine.ts'
import { hcMachine } from '../machines/hc/hc.machine.ts'
import { playerMachine } from '../machines/player/player.machine.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** /r/hc's machines with real effects (issue #22), part of the campaign bundle (campaign.ts). */
export function hcMachines(effects: Effects, _ports: AppPorts) {
  return {
    hc: hcMachine.provide({
      actors: {
        loadHall: fromPromise(() => getHall(effects.api)),
        loadStreams: fromPromise(({ input }) => getStreamingUrls(effects.api, input.roomId)),
        player: playerMachine.provide({
          actors: {
            engine: fromCallback(({ input, sendBack, receive }) =>
              runPlayerEngine(input, sendBack, receive),
            ),
          },
        }),
      },
    }),
  }
}
