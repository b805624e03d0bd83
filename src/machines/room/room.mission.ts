import { sendParent } from 'xstate'
import type { RewardType } from '../../domain/missions.ts'
import { missionMachine, type MissionEmitted } from '../mission/mission.machine.ts'

/**
 * The mission panel as a room runs it: the signal a reward sends out (gift, gold or sg) goes to
 * the room, which reloads its gift panel's stock and the user. (An emitted event reaches only
 * listeners on the actor; a room invokes the panel, so it hears its child through sendParent.)
 * src/compose/room.ts provides this machine's effects on top.
 */
export const roomMissionMachine = missionMachine.provide({
  actions: {
    signalRewarded: sendParent((_, params: { rewardType: RewardType }): MissionEmitted => ({
      type: 'mission.rewarded',
      rewardType: params.rewardType,
    })),
  },
})
