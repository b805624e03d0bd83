import type { ActorRefFrom } from 'xstate'
import type { missionMachine } from '../../machines/mission/mission.machine.ts'

export type MissionActor = ActorRefFrom<typeof missionMachine>
