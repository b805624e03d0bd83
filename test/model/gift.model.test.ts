import { afterAll, describe, expect, it } from 'vitest'
import {
  createActor,
  createMachine,
  fromPromise,
  waitFor,
  type ActorRefFrom,
  type EventFromLogic,
} from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { giftLimit, type Gift, type GiftResult } from '../../src/domain/gifts.ts'
import { giftMachine, type GiftPanelData } from '../../src/machines/gift/gift.machine.ts'
import { coverageLine, mergeWalks, walkMachine, type WalkResult } from './graph-walk.ts'

const gift = (gift_id: number, free: boolean, point: number): Gift => ({
  gift_id,
  gift_name: `gift ${gift_id}`,
  free,
  point,
  image: `/img/gift/${gift_id}.svg`,
  image2: '',
  icon: 0,
  label: 0,
  order_no: gift_id,
  scale: 100,
  dialog_id: 0,
  gift_type: free ? 2 : 1,
  is_hidden: false,
  is_delete_from_stage: true,
})

const panel = (confirmPaid: boolean): GiftPanelData => ({
  groups: [
    { name: '無料', is_default: true, gift_list: [gift(1, true, 1)] },
    { name: '有料', is_default: false, gift_list: [gift(3, false, 1), gift(19, false, 500)] },
  ],
  wallet: { gold: 80, expiringGold: 20, freeNums: { 1: 3 } },
  confirmPaid,
  fanLevel: 1,
})

const result = (patch: Partial<GiftResult>): GiftResult => ({
  fan_level: { fan_level: 2 },
  notify_level_up: false,
  remaining_point: 99,
  remaining_expiring_point: 0,
  active_fan: { before_level: 0, current_level: 0, title_id: 0 },
  n: 1,
  mission: { has_achievement: false },
  ...patch,
})

const events = [
  { type: 'xstate.done.actor.loadPanel', output: panel(true) },
  { type: 'xstate.done.actor.loadPanel', output: panel(false) },
  { type: 'xstate.error.actor.loadPanel', error: new Error('offline') },
  { type: 'gift.retry' },
  { type: 'gift.reload' },
  { type: 'gift.bulk' },
  { type: 'gift.confirmPaid', on: false },
  { type: 'gift.confirmPaid', on: true },
  {
    type: 'xstate.done.actor.sendBulk',
    output: { ...result({ notify_level_up: true }), gifts: [{ gift_id: 1, num: 3 }] },
  },
  { type: 'xstate.error.actor.sendBulk', error: new Error('offline') },
  { type: 'gift.select', giftId: 1 },
  { type: 'gift.select', giftId: 3 },
  { type: 'gift.select', giftId: 19 },
  { type: 'gift.count', count: 2 },
  { type: 'gift.count', count: 1000 },
  { type: 'gift.count', count: 0 },
  { type: 'gift.send' },
  { type: 'gift.confirm' },
  { type: 'gift.cancel' },
  { type: 'xstate.done.actor.sendGift', output: result({}) },
  { type: 'xstate.done.actor.sendGift', output: result({ free_num: 0 }) },
  {
    type: 'xstate.done.actor.sendGift',
    output: result({ mission: { has_achievement: true } }),
  },
  {
    type: 'xstate.done.actor.sendGift',
    output: result({
      notify_level_up: true,
      remaining_point: 0,
      active_fan: { before_level: 0, current_level: 1, title_id: 1 },
    }),
  },
  {
    type: 'xstate.error.actor.sendGift',
    error: new ApiRequestError({
      kind: 'server',
      status: 400,
      message: 'ポイントが足りません。',
      errorType: 'NOT_ENOUGH_POINT',
      redirectUrl: null,
    }),
  },
] as Array<EventFromLogic<typeof giftMachine>>

const printed: WalkResult[] = []
afterAll(() => {
  console.log(coverageLine(mergeWalks(printed)))
})

describe('gift machine graph', () => {
  for (const userId of [1, null]) {
    it(`${userId === null ? 'anonymous' : 'a viewer'}: the count never passes its limit, free stock never below 0`, () => {
      // Walked alone: no room as its parent to hear its reports.
      const alone = giftMachine.provide({
        actions: { tellRoom: () => {}, tellMissionAchieved: () => {} },
      })
      const walk = walkMachine(alone, {
        input: { roomId: 1, liveId: 10, userId },
        events,
        key: (s) => ({
          value: s.value,
          selected: s.context.selected?.gift_id,
          count: s.context.count,
          gold: s.context.wallet.gold + s.context.wallet.expiringGold,
          free: s.context.wallet.freeNums[1],
          confirm: s.context.confirmPaid,
        }),
        invariant: (from, event, to) => {
          const { selected, count, wallet } = to.context
          expect(count).toBeGreaterThanOrEqual(0)
          if (selected) expect(count).toBeLessThanOrEqual(giftLimit(selected, wallet))
          for (const n of Object.values(wallet.freeNums)) expect(n).toBeGreaterThanOrEqual(0)
          // Nothing is sent for an anonymous viewer, or past the limit, or without confirming.
          if (to.matches({ ready: 'sending' }) && !from.matches({ ready: 'sending' })) {
            expect(userId).not.toBeNull()
            expect(from.context.count).toBeGreaterThanOrEqual(1)
            if (from.context.selected?.free === false && from.context.confirmPaid) {
              expect(from.matches({ ready: 'confirming' })).toBe(true)
            }
          }
          // A failed send keeps the selection and the count.
          if (
            event.type === ('xstate.error.actor.sendGift' as string) &&
            from.matches({ ready: 'sending' })
          ) {
            expect(to.context.selected).toBe(from.context.selected)
            expect(to.context.count).toBe(from.context.count)
          }
        },
      })
      printed.push(walk)
    })
  }

  it('reaches every state and transition over both walks', () => {
    const merged = mergeWalks(printed)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })
})

describe('gift machine with its effects', () => {
  it('confirms a paid gift, sends it, takes the wallet from the answer, and logs the active-fan level up', async () => {
    const sent: unknown[] = []
    const logs: string[] = []
    const notices: unknown[] = []
    const actor = createActor(
      giftMachine.provide({
        actors: {
          loadPanel: fromPromise(() => Promise.resolve(panel(true))),
          sendGift: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve(
              result({
                notify_level_up: true,
                remaining_point: 77,
                remaining_expiring_point: 0,
                active_fan: { before_level: 0, current_level: 1, title_id: 1 },
              }),
            )
          }),
        },
        actions: {
          tellRoom: (_, { text }) => void logs.push(text),
          notify: (_, notice) => void notices.push(notice),
        },
      }),
      { input: { roomId: 1, liveId: 10, userId: 1 } },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'gift.select', giftId: 3 })
    actor.send({ type: 'gift.count', count: 23 })
    actor.send({ type: 'gift.send' })
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true)
    actor.send({ type: 'gift.confirm' })
    await waitFor(actor, (s) => s.matches({ ready: 'choosing' }))
    expect(sent).toEqual([{ liveId: 10, giftId: 3, num: 23, free: false }])
    expect(actor.getSnapshot().context.wallet).toMatchObject({ gold: 77, expiringGold: 0 })
    expect(notices).toEqual([{ tone: 'success', key: 'gift.levelUp' }])
    expect(logs).toEqual([
      'アクティブファンのレベルが1に上がりました！ Your active fan level rose to 1!',
    ])
    actor.stop()
  })

  it('tells the room when a gift completed a mission (SPEC §7 mission.has_achievement)', async () => {
    const heard: string[] = []
    const parent = createMachine({
      invoke: {
        id: 'gift',
        src: giftMachine.provide({
          actors: {
            loadPanel: fromPromise(() => Promise.resolve(panel(false))),
            sendGift: fromPromise(() =>
              Promise.resolve(result({ mission: { has_achievement: true } })),
            ),
          },
        }),
        input: { roomId: 1, liveId: 10, userId: 1 },
      },
      on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
    })
    const room = createActor(parent).start()
    const gift = room.getSnapshot().children.gift as unknown as ActorRefFrom<typeof giftMachine>
    await waitFor(gift, (s) => s.matches('ready'))
    gift.send({ type: 'gift.select', giftId: 1 })
    gift.send({ type: 'gift.send' })
    await waitFor(gift, (s) => s.matches({ ready: 'choosing' }))
    expect(heard).toContain('mission.achieved')
    room.stop()
  })
})
