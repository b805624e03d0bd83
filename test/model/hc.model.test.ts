import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { HC_REFRESH_MS, hallOf, keyOf, swipeOf, type HcRoom } from '../../src/domain/hc.ts'
import type { OnliveGenre, OnliveItem } from '../../src/domain/api-types.ts'
import { hcMachine, shownRoom } from '../../src/machines/hc/hc.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const room = (id: number, viewNum = 100 - id): HcRoom => ({
  roomId: id,
  roomUrlKey: `room_${id}`,
  mainName: `ライバー${id}`,
  image: `/img/room/${id}.svg`,
  viewNum,
})
const hall = [room(1), room(2), room(3)]
const withoutFirst = [room(2), room(3)]
const alone = [room(1)]
const streams = [{ id: 1, type: 'hls_all' as const, label: '自動', url: '/hls/room_1/index.m3u8' }]
const lost = new ApiRequestError({ kind: 'network', status: null })

const events = [
  { type: 'hc.next' },
  { type: 'hc.previous' },
  { type: 'hc.retry' },
  { type: 'xstate.done.actor.0.hc.loading', output: hall },
  { type: 'xstate.done.actor.0.hc.loading', output: alone },
  { type: 'xstate.done.actor.0.hc.loading', output: [] },
  { type: 'xstate.error.actor.0.hc.loading', error: lost },
  { type: 'xstate.done.actor.loadStreams', output: streams },
  { type: 'xstate.error.actor.loadStreams', error: lost },
  { type: 'xstate.done.actor.0.hc.showing.hall.refreshing', output: hall },
  { type: 'xstate.done.actor.0.hc.showing.hall.refreshing', output: withoutFirst },
  { type: 'xstate.done.actor.0.hc.showing.hall.refreshing', output: [] },
  { type: 'xstate.error.actor.0.hc.showing.hall.refreshing', error: lost },
  ...delayedEvents(hcMachine),
] as Array<EventFromLogic<typeof hcMachine>>

type Snapshot = ReturnType<typeof hcMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('hc machine graph', () => {
  it('shows one room of the hall at a time, wraps around, and follows the hall as it changes', () => {
    const result = walkMachine(hcMachine, {
      input: { roomKey: null },
      events,
      key: (s) => ({
        value: s.value,
        index: s.context.index,
        rooms: s.context.rooms.map((r) => r.roomId).join(','),
        streams: s.context.streams.length,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        const event = sent as { type: string }
        // Showing means a room to show.
        if (to.matches('showing')) expect(shownRoom(to.context)).toBeDefined()
        if (to.matches('empty')) expect(to.context.rooms).toEqual([])
        // Next and previous wrap around the hall, and need another room.
        const n = from.context.rooms.length
        if (from.matches('showing') && event.type === 'hc.next')
          expect(to.context.index).toBe(n > 1 ? (from.context.index + 1) % n : from.context.index)
        if (from.matches('showing') && event.type === 'hc.previous')
          expect(to.context.index).toBe(
            n > 1 ? (from.context.index + n - 1) % n : from.context.index,
          )
        // A room still on air after a refresh stays shown.
        const before = shownRoom(from.context)?.roomUrlKey
        const refreshed = event.type.startsWith('xstate.done.actor.0.hc.showing.hall')
        if (refreshed && to.context.rooms.some((r) => r.roomUrlKey === before))
          expect(shownRoom(to.context)?.roomUrlKey).toBe(before)
        // The player plays only with the shown room's playlists.
        if (to.matches({ showing: { stage: 'watching' } }))
          expect(to.context.streams.length).toBeGreaterThan(0)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('starts at the room in the address, keeps the address in step, and tunes each room shown', async () => {
    vi.useFakeTimers()
    const kept: string[] = []
    const tuned: number[] = []
    const halls = [hall, withoutFirst]
    const actor = createActor(
      hcMachine.provide({
        actors: {
          loadHall: fromPromise(() => Promise.resolve(halls.shift() ?? [])),
          loadStreams: fromPromise(({ input }) => {
            tuned.push(input.roomId)
            return Promise.resolve(streams)
          }),
        },
        actions: { keepRoom: (_, { roomUrlKey }) => void kept.push(roomUrlKey) },
      }),
      { input: { roomKey: 'room_2' } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(shownRoom(actor.getSnapshot().context)?.roomUrlKey).toBe('room_2')
    expect(actor.getSnapshot().children.player).toBeDefined()
    actor.send({ type: 'hc.next' })
    actor.send({ type: 'hc.next' })
    await vi.advanceTimersByTimeAsync(0)
    expect(kept).toEqual(['room_2', 'room_3', 'room_1'])
    // room_1 goes off air: room_2 takes its place (index 0 of the new hall).
    await vi.advanceTimersByTimeAsync(HC_REFRESH_MS)
    expect(kept.at(-1)).toBe('room_2')
    expect(tuned).toEqual([2, 3, 1, 2])
    // The next look finds nobody on air.
    await vi.advanceTimersByTimeAsync(HC_REFRESH_MS)
    expect(actor.getSnapshot().value).toBe('empty')
    actor.stop()
    vi.useRealTimers()
  })
})

describe('the hall rules', () => {
  const live = (key: string, view: number, official = 0): OnliveItem =>
    ({
      room_url_key: key,
      room_id: view,
      main_name: key,
      image: '',
      view_num: view,
      official_lv: official,
    }) as OnliveItem
  const genre = (id: number, lives: OnliveItem[]): OnliveGenre => ({
    genre_id: id,
    genre_name: '',
    lives,
  })

  it('puts Pick Up first, then official rooms, then the most watched; each room once', () => {
    const genres = [
      genre(8, [live('pick_small', 5), live('pick_big', 50)]),
      genre(101, [live('big', 900), live('pick_big', 50), live('official', 10, 1)]),
      genre(102, [live('small', 1)]),
    ]
    expect(hallOf(genres).map((r) => r.roomUrlKey)).toEqual([
      'pick_big',
      'pick_small',
      'official',
      'big',
      'small',
    ])
  })

  it('reads swipes and arrow keys', () => {
    expect(swipeOf(300, 200)).toBe('next')
    expect(swipeOf(200, 300)).toBe('previous')
    expect(swipeOf(200, 160)).toBeNull()
    expect(['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'Enter'].map(keyOf)).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      null,
    ])
  })
})
