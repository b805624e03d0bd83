import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { VirtualRoom } from '../../src/contract/virtual.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  VIRTUAL_REFRESH_MS,
  virtualMachine,
  type VirtualAnswer,
  type VirtualInput,
} from '../../src/machines/virtual/virtual.machine.ts'
import {
  coverageLine,
  delayedEvents,
  mergeWalks,
  walkMachine,
  type WalkResult,
} from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })

const room: VirtualRoom = {
  room_id: 9,
  room_url_key: 'vlive_nova',
  room_name: 'ノヴァの電脳ステーション',
  main_name: '星導 ノヴァ',
  image: '/img/room/9.svg',
  is_onlive: true,
  view_num: 120,
  follower_num: 8600,
  started_at: 1_700_000_000,
}

const roomsAnswer: VirtualAnswer = {
  view: 'rooms',
  rooms: { onlives: [room], newcomers: [room], popular: [room] },
}
const rankingAnswer = (period: 'daily' | 'weekly'): VirtualAnswer => ({
  view: 'ranking',
  ranking: { period, since: 1_700_000_000, ranking: [{ ...room, rank: 1, point: 300 }] },
})

const events = [
  { type: 'virtual.period', period: 'daily' },
  { type: 'virtual.period', period: 'weekly' },
  { type: 'virtual.retry' },
  { type: 'xstate.done.actor.load', output: roomsAnswer },
  { type: 'xstate.done.actor.load', output: rankingAnswer('weekly') },
  { type: 'xstate.error.actor.load', error: lost },
  ...delayedEvents(virtualMachine),
] as Array<EventFromLogic<typeof virtualMachine>>

type Snapshot = ReturnType<typeof virtualMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

const walk = (input: VirtualInput) =>
  walkMachine(virtualMachine, {
    input,
    events,
    key: (s) => ({ value: s.value, period: s.context.period, answer: s.context.answer?.view }),
    invariant: (from: Snapshot, sent, to: Snapshot) => {
      // The page never changes; only the ranking's period does.
      expect(to.context.view).toBe(from.context.view)
      // Only the on-air list refreshes by itself.
      if (sent.type.startsWith('xstate.after.') && from.matches('shown') && to.matches('loading')) {
        expect(from.context.view).toBe('rooms')
      }
      // A failure keeps what was on screen.
      if (to.matches('failed')) expect(to.context.answer).toBe(from.context.answer)
    },
  })

describe('virtual machine graph', () => {
  it('loads each page, refreshes the on-air list, reloads the ranking for a period, retries', () => {
    const rooms = walk({ view: 'rooms', period: 'daily' })
    const ranking = walk({ view: 'ranking', period: 'daily' })
    const events = walk({ view: 'events', period: 'daily' })
    const merged = mergeWalks([rooms, ranking, events])
    walks.push(merged)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })

  it('asks for the on-air list again every 30 s, and the ranking of a period asked for', async () => {
    vi.useFakeTimers()
    try {
      const asked: VirtualInput[] = []
      const machine = virtualMachine.provide({
        actors: {
          load: fromPromise<VirtualAnswer, VirtualInput>(({ input }) => {
            asked.push(input)
            return Promise.resolve(input.view === 'rooms' ? roomsAnswer : rankingAnswer('daily'))
          }),
        },
      })
      const onAir = createActor(machine, { input: { view: 'rooms', period: 'daily' } }).start()
      await vi.advanceTimersByTimeAsync(0)
      expect(onAir.getSnapshot().value).toBe('shown')
      await vi.advanceTimersByTimeAsync(VIRTUAL_REFRESH_MS)
      expect(asked.filter((a) => a.view === 'rooms')).toHaveLength(2)
      onAir.stop()

      const ranking = createActor(machine, { input: { view: 'ranking', period: 'daily' } }).start()
      await vi.advanceTimersByTimeAsync(0)
      ranking.send({ type: 'virtual.period', period: 'daily' })
      ranking.send({ type: 'virtual.period', period: 'monthly' })
      await vi.advanceTimersByTimeAsync(VIRTUAL_REFRESH_MS)
      expect(asked.filter((a) => a.view === 'ranking').map((a) => a.period)).toEqual([
        'daily',
        'monthly',
      ])
      ranking.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
