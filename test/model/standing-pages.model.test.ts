import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type { RoomMemoryAnswer } from '../../src/contract/memory.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { medalMachine, type MedalsData } from '../../src/machines/medal/medal.machine.ts'
import { memoryMachine } from '../../src/machines/memory/memory.machine.ts'
import { coverageLine, mergeWalks, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const missing = new ApiRequestError({
  kind: 'server',
  status: 404,
  message: null,
  errorType: null,
  redirectUrl: null,
})

const medals = (owner: 'room' | 'user'): MedalsData => ({
  owner,
  name: 'デモライバーの部屋',
  medals: [
    {
      medal_id: 1,
      kind: 'first_live',
      ref_id: 0,
      ref_name: '',
      image_url: '/img/medal/1.svg',
      earned_at: 1_800_000_000,
    },
  ],
  catalogue: [{ medal_id: 1, kind: 'first_live', image_url: '/img/medal/1.svg', earned: 1 }],
})

const memory: RoomMemoryAnswer = {
  room_id: 3,
  room_url_key: 'demo_liver_room',
  room_name: 'デモライバーの部屋',
  image: '',
  year: 2026,
  lives: 12,
  seconds_on_air: 36_000,
  paid_points: 5000,
  free_points: 800,
  comments: 900,
  viewers: 140,
  new_followers: 20,
  medals: 2,
  top_fans: [],
  best_event: null,
  months: [],
  share_url: 'http://localhost/room_memory/2026?room=demo_liver_room',
}

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('medal machine graph', () => {
  it('loads a room’s or a user’s medals once; a caller without a room is told so', () => {
    const events = [
      { type: 'xstate.done.actor.loadMedals', output: medals('room') },
      { type: 'xstate.done.actor.loadMedals', output: null },
      { type: 'xstate.error.actor.loadMedals', error: lost },
      { type: 'medals.retry' },
    ] as Array<EventFromLogic<typeof medalMachine>>
    const walk = mergeWalks(
      (['room', 'user'] as const).map((owner) =>
        walkMachine(medalMachine, {
          input: { owner, roomUrlKey: owner === 'room' ? 'demo_liver_room' : '' },
          events,
          key: (s) => ({ value: s.value, data: s.context.data !== null }),
          invariant: (_from, _event, to) => {
            if (to.matches('shown')) expect(to.context.data).not.toBeNull()
            if (to.matches('noRoom')) expect(to.context.data).toBeNull()
          },
        }),
      ),
    )
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})

describe('memory machine graph', () => {
  it('loads a named room’s year or the caller’s own; an unknown room is a 404 page', () => {
    const events = [
      { type: 'xstate.done.actor.loadMemory', output: memory },
      { type: 'xstate.done.actor.loadMemory', output: null },
      { type: 'xstate.error.actor.loadMemory', error: missing },
      { type: 'xstate.error.actor.loadMemory', error: lost },
      { type: 'memory.retry' },
    ] as Array<EventFromLogic<typeof memoryMachine>>
    const walk = walkMachine(memoryMachine, {
      input: { year: 2026, roomUrlKey: null },
      events,
      key: (s) => ({ value: s.value, memory: s.context.memory !== null }),
      invariant: (_from, _event, to) => {
        if (to.matches('shown')) expect(to.context.memory?.year).toBe(2026)
        expect(to.context.year).toBe(2026)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
