import { fromPromise } from 'xstate'
import { getVirtualEvents, getVirtualRanking, getVirtualRooms } from '../effects/api/virtual.ts'
import {
  virtualMachine,
  type VirtualAnswer,
  type VirtualInput,
} from '../machines/virtual/virtual.machine.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** The answer of one of the corner's pages, tagged with its page. */
async function loadVirtual(effects: Effects, input: VirtualInput): Promise<VirtualAnswer> {
  if (input.view === 'rooms') return { view: 'rooms', rooms: await getVirtualRooms(effects.api) }
  if (input.view === 'events') {
    return { view: 'events', events: await getVirtualEvents(effects.api) }
  }
  return { view: 'ranking', ranking: await getVirtualRanking(effects.api, input.period) }
}

/** the virtual livers' corner's (/virtual_liver, /events, /ranking) machines with real effects (issue #22), part of the campaign bundle (campaign.ts). */
export function virtualMachines(effects: Effects, ports: AppPorts) {
  return {
    virtual: virtualMachine.provide({
      actors: { load: fromPromise(({ input }) => loadVirtual(effects, input)) },
      actions: { reportError: (_, { error }) => ports.reportError(error) },
    }),
  }
}
