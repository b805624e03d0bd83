import { ended } from './room.ended.ts'
import { live } from './room.live.ts'
import { roomSetup, visitContext } from './room.setup.ts'

/**
 * A loaded room: following, sharing and the mission panel work on air, off air and after; on
 * air it runs the live (room.live.ts), then counts down to the next room (room.ended.ts). Its
 * input is the room as loaded, so the room is never null here. A room starts on air or off air
 * (the room machine knows which once it has loaded): one config, two starting states.
 */
function visitMachine(initial: 'live' | 'offAir') {
  return roomSetup.createMachine({
    id: 'roomVisit',
    context: ({ input }) => visitContext(input),
    invoke: {
      id: 'mission',
      src: 'mission',
      input: ({ context }) => ({ roomId: context.room.roomId }),
    },
    on: {
      'mission.achieved': {
        actions: [
          { type: 'notify', params: { tone: 'success', key: 'mission.achievedToast' } },
          'forwardAchieved',
        ],
        description: 'A comment, gift or watch completed a mission: a toast, the panel reloads.',
      },
      'mission.rewarded': {
        actions: 'refreshUser',
        description: "A mission's gift, gold or background: the user is fetched again.",
      },
      'follow.toggle': [
        { guard: 'isAnonymous', actions: 'requireLogin' },
        { guard: 'isFollowSaving', description: 'One follow change at a time.' },
        { actions: ['markFollowSaving', 'startFollow'] },
      ],
      'xstate.done.actor.follow': {
        actions: { type: 'setFollow', params: ({ event }) => event.output },
      },
      'xstate.error.actor.follow': {
        actions: [
          'followFailed',
          { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        ],
      },
      'room.share': {
        actions: {
          type: 'share',
          params: ({ context }) => ({
            roomUrlKey: context.roomUrlKey,
            title: context.room.mainName,
          }),
        },
      },
    },
    initial,
    states: { live, offAir: {}, ended },
  })
}

/** A room loaded on air: the live runs from the start. */
export const roomOnAirMachine = visitMachine('live')
/** A room loaded off air: its page, following and missions, no live. */
export const roomOffAirMachine = visitMachine('offAir')
