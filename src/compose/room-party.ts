import { fromPromise } from 'xstate'
import { getPartyChannels } from '../effects/api/party.ts'
import { partyChannelsMachine } from '../machines/party/party-channels.machine.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** The room page's party machines with real effects (issue #22), spread into roomMachines. */
export function roomPartyMachines(effects: Effects, _ports: AppPorts) {
  return {
    partyChannels: partyChannelsMachine.provide({
      actors: {
        loadChannels: fromPromise(({ input }) => getPartyChannels(effects.api, input.roomId)),
      },
    }),
  }
}
