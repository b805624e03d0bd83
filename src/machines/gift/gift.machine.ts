import { and, assertEvent, enqueueActions, spawnChild, stopChild } from 'xstate'
import { activeFanLog } from '../../domain/gifts.ts'
import { giftSetup, sendingOf } from './gift.setup.ts'

export type {
  BulkResult,
  GiftContext,
  GiftEvent,
  GiftPanelData,
  GiftReport,
  SendGiftInput,
} from './gift.setup.ts'

/**
 * The gift panel of a room (SPEC §4): choose a gift and how many (free: up to what the viewer
 * holds; paid: up to what the gold buys), confirm paid gifts when asked to, send. The wallet and
 * fan level follow the server's answer; a failure keeps the selection.
 */
export const giftMachine = giftSetup.createMachine({
  id: 'gift',
  context: ({ input }) => ({
    roomId: input.roomId,
    liveId: input.liveId,
    userId: input.userId,
    groups: [],
    wallet: { gold: 0, expiringGold: 0, freeNums: {} },
    confirmPaid: true,
    fanLevel: 0,
    selected: null,
    count: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPanel',
        src: 'loadPanel',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'gift.retry': 'loading' } },
    ready: {
      initial: 'choosing',
      on: {
        'gift.reload': {
          target: 'loading',
          description: 'A vote opened or closed: the vote gifts and stock change.',
        },
        'gift.confirmPaid': {
          actions: [
            'setConfirmPaid',
            spawnChild('saveConfirmPaid', {
              input: ({ event }) => {
                assertEvent(event, 'gift.confirmPaid')
                return { on: event.on }
              },
            }),
          ],
          description:
            "The confirm dialog's 'do not ask again', or asking again; saved on the account.",
        },
      },
      states: {
        choosing: {
          on: {
            'gift.select': { actions: 'select' },
            'gift.count': { actions: 'setCount' },
            'gift.send': [
              {
                guard: 'isAnonymous',
                actions: 'requireLogin',
                description: 'Gifts need an account.',
              },
              {
                guard: and(['canSend', 'needsConfirm']),
                target: 'confirming',
                description: 'A paid gift with the confirm step on (is_confirm_gifting_use_gold).',
              },
              {
                guard: 'canSend',
                target: 'sending',
                // The gift as chosen (`canSend` has just found it sendable).
                actions: enqueueActions(({ context, enqueue }) => {
                  const sending = sendingOf(context)
                  if (sending) enqueue.spawnChild('sendGift', { id: 'sendGift', input: sending })
                }),
              },
            ],
            'gift.bulk': [
              { guard: 'isAnonymous', actions: 'requireLogin' },
              { guard: 'hasFreeStars', target: 'sendingBulk' },
            ],
          },
        },
        sendingBulk: {
          invoke: {
            id: 'sendBulk',
            src: 'sendBulk',
            input: ({ context }) => ({ liveId: context.liveId }),
            onDone: {
              target: 'choosing',
              actions: [
                { type: 'settleBulk', params: ({ event }) => event.output },
                enqueueActions(({ event, enqueue }) => {
                  if (event.output.notify_level_up) {
                    enqueue({ type: 'notify', params: { tone: 'success', key: 'gift.levelUp' } })
                  }
                  if (event.output.mission.has_achievement) enqueue('tellMissionAchieved')
                }),
              ],
            },
            onError: {
              target: 'choosing',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        confirming: {
          on: {
            'gift.confirm': {
              guard: 'canSend',
              target: 'sending',
              actions: enqueueActions(({ context, enqueue }) => {
                const sending = sendingOf(context)
                if (sending) enqueue.spawnChild('sendGift', { id: 'sendGift', input: sending })
              }),
            },
            'gift.cancel': 'choosing',
          },
        },
        sending: {
          // A reload meanwhile leaves the send behind, as an invoke would.
          exit: stopChild('sendGift'),
          on: {
            'xstate.done.actor.sendGift': {
              target: 'choosing',
              actions: enqueueActions(({ context, event, enqueue }) => {
                // The gift as sent: the selection stays as it was while it was on its way.
                const sent = sendingOf(context)
                if (sent) enqueue({ type: 'settle', params: { ...event.output, sent } })
                // The header's gold follows the server's answer.
                enqueue({
                  type: 'walletChanged',
                  params: {
                    gold: event.output.remaining_point,
                    expiringGold: event.output.remaining_expiring_point,
                  },
                })
                if (event.output.notify_level_up) {
                  enqueue({ type: 'notify', params: { tone: 'success', key: 'gift.levelUp' } })
                }
                if (event.output.mission.has_achievement) enqueue('tellMissionAchieved')
                // SPEC §4: a paid gift that raises the active-fan level to 1–4 leaves a
                // self-only log (Japanese and English).
                const { before_level, current_level } = event.output.active_fan
                const log = current_level > before_level ? activeFanLog(current_level) : null
                if (sent?.free === false && log) {
                  enqueue({ type: 'tellRoom', params: { text: `${log.ja} ${log.en}` } })
                }
              }),
            },
            'xstate.error.actor.sendGift': {
              target: 'choosing',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              description: 'The toast explains; the gift and count stay selected.',
            },
          },
        },
      },
    },
  },
})
