import { fromPromise } from 'xstate'
import { getIngestStatus } from '../effects/api/ingest.ts'
import { ingestStatusMachine } from '../machines/ingest-status/ingest-status.machine.ts'
import type { Effects } from './effects.ts'

/**
 * The broadcaster menu's ingest status (issue #38) with real effects, spread into roomMachines
 * (src/compose/room.ts). Its failures stay in the panel: nothing goes to the app's reporting.
 */
export function roomIngestMachines(effects: Effects) {
  return {
    ingestStatus: ingestStatusMachine.provide({
      actors: {
        loadStatus: fromPromise(({ input }) => getIngestStatus(effects.api, input.roomId)),
      },
    }),
  }
}
