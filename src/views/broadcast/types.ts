import type { ActorRefFrom } from 'xstate'
import type { broadcastMachine } from '../../machines/broadcast/broadcast.machine.ts'

/** The broadcast page's actor, as its parts read it. */
export type BroadcastActor = ActorRefFrom<typeof broadcastMachine>
