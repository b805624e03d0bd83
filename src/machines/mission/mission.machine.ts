import { enqueueActions, raise } from 'xstate'
import { missionSetup, receivingOf, type MissionLoad } from './mission.setup.ts'

export {
  TURN_RETRY_MS,
  secondsToSwitch,
  type MissionContext,
  type MissionEmitted,
  type MissionError,
  type MissionEvent,
  type MissionInput,
  type MissionLoad,
} from './mission.setup.ts'

const store = {
  type: 'store' as const,
  params: ({ event }: { event: { output: MissionLoad } }) => event.output,
}
const failure = (type: 'reportError' | 'refuse') => ({
  type,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
})

/**
 * The mission panel (SPEC §4 Missions), in a room or on /mission: loads the genre lists, shows a
 * tab per genre with the rewards waiting in it and the daily day/night sets with a countdown to
 * their switch, loads again when a window turns or a comment, gift or watch achieved a mission,
 * and receives one reward at a time: the mission answered replaces the old one.
 */
export const missionMachine = missionSetup.createMachine({
  id: 'mission',
  context: ({ input }) => ({
    ...input,
    nowMs: 0,
    isLogin: false,
    genres: [],
    tab: 'daily',
    period: null,
    switchAtMs: null,
    turnAtMs: null,
    receivingId: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMissions',
        src: 'loadMissions',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: { target: 'ready', actions: store },
        onError: { target: 'failed', actions: failure('reportError') },
      },
      on: {
        'mission.achieved': {
          target: 'loading',
          reenter: true,
          description: 'The answer on its way may predate the achievement: ask again.',
        },
      },
    },
    failed: {
      description: 'The lists could not be loaded; the viewer can try again.',
      on: { 'mission.refresh': 'loading', 'mission.achieved': 'loading' },
    },
    ready: {
      type: 'parallel',
      invoke: { src: 'clock', input: { intervalMs: 1000 } },
      on: {
        'mission.tab': { guard: 'hasGenre', actions: 'setTab' },
        'mission.period': { actions: 'setPeriod' },
        'clock.tick': { actions: 'tick' },
      },
      states: {
        lists: {
          initial: 'current',
          on: {
            'mission.refresh': '.refreshing',
            'mission.achieved': {
              target: '.refreshing',
              description: 'A comment, gift or watch achieved a mission: its reward shows.',
            },
          },
          states: {
            current: {
              on: {
                'clock.tick': {
                  guard: 'windowTurned',
                  target: 'refreshing',
                  actions: ['tick', 'followOpenSet'],
                  description: 'A daily set, the month or a campaign period turned: load again.',
                },
              },
            },
            refreshing: {
              description: 'Loads the lists again; the ones shown stay meanwhile.',
              invoke: {
                id: 'loadMissions',
                src: 'loadMissions',
                input: ({ context }) => ({ roomId: context.roomId }),
                onDone: { target: 'current', actions: store },
                onError: {
                  target: 'current',
                  actions: ['postponeTurn', failure('reportError')],
                  description: 'The lists shown stay; a turn is tried again in 30 s.',
                },
              },
              on: {
                'mission.replaced': {
                  target: 'refreshing',
                  reenter: true,
                  description: 'A receive answered meanwhile: the answer on its way is older.',
                },
              },
            },
          },
        },
        receipt: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'mission.receive': [
                  {
                    guard: 'isAnonymous',
                    actions: 'requireLogin',
                    description: 'Receiving needs an account: the login modal.',
                  },
                  {
                    guard: 'isReceivable',
                    target: 'receiving',
                    actions: 'markReceiving',
                  },
                ],
              },
            },
            receiving: {
              description: 'One reward on its way; its button waits, the others are idle.',
              invoke: {
                id: 'receiveMission',
                src: 'receiveMission',
                input: ({ context }) => ({ missionId: receivingOf(context) }),
                onDone: {
                  target: 'idle',
                  actions: enqueueActions(({ enqueue, check, event }) => {
                    const answer = event.output
                    enqueue({ type: 'replace', params: answer.mission })
                    enqueue({
                      type: 'notifyReceived',
                      params: { name: answer.received_reward_name, num: answer.received_num },
                    })
                    // Free stars, gold or a background change what the user holds: fetched again.
                    if (check({ type: 'refetchesUser', params: answer }))
                      enqueue({
                        type: 'signalRewarded',
                        params: { rewardType: answer.received_reward_type },
                      })
                    enqueue.raise({ type: 'mission.replaced' })
                  }),
                  description:
                    'The mission answered replaces the old one; a toast names the reward.',
                },
                onError: [
                  {
                    guard: { type: 'isLoggedOut', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle',
                    actions: ['dropReceiving', 'requireLogin'],
                  },
                  {
                    guard: { type: 'isOutOfDate', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle',
                    actions: [failure('refuse'), raise({ type: 'mission.refresh' })],
                    description:
                      'PERIOD_ENDED, ALREADY_RECEIVED or gone: said beside it, and the lists load again.',
                  },
                  {
                    guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                    target: 'idle',
                    actions: failure('refuse'),
                    description: 'NOT_ACHIEVED and other refusals: the server’s words beside it.',
                  },
                  {
                    target: 'idle',
                    actions: [failure('refuse'), failure('reportError')],
                    description: 'Lost or failed: a message beside it; the app hears the failure.',
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
})
