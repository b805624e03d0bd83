import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type { TimeTable } from '../../src/contract/follow.ts'
import { upcomingMachine } from '../../src/machines/upcoming/upcoming.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

type Event = EventFromLogic<typeof upcomingMachine>
const lives: TimeTable[] = [
  {
    room_id: 3,
    room_url_key: 'sports_ken',
    room_name: 'ケンのスポーツ部屋',
    main_name: 'ケン',
    image: '/img/room/3.svg',
    genre_id: 5,
    title: '週末の試合を振り返る配信',
    started_at: 1_900_000_000,
    is_follow: true,
  },
]

const events = [
  { type: 'upcoming.retry' },
  { type: 'xstate.done.actor.loadUpcoming', output: lives },
  { type: 'xstate.done.actor.loadUpcoming', output: [] },
  { type: 'xstate.error.actor.loadUpcoming', error: new Error('down') },
  ...delayedEvents(upcomingMachine),
] as Event[]

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

describe('upcoming machine graph', () => {
  it('reaches every state and transition; a load shows what the server answered', () => {
    const result = walkMachine(upcomingMachine, {
      input: undefined,
      events,
      key: (s) => ({ value: s.value, n: s.context.lives.length }),
      invariant: (from, event, to) => {
        // A failed refresh keeps what was shown.
        if (from.matches('refreshing') && to.matches('loaded'))
          if (event.type === ('xstate.error.actor.loadUpcoming' as string))
            expect(to.context.lives).toBe(from.context.lives)
        // A failed strip waits for the viewer: only a retry loads it again.
        if (from.matches('failed') && !to.matches('failed'))
          expect(event.type).toBe('upcoming.retry')
        if (
          event.type === ('xstate.done.actor.loadUpcoming' as string) &&
          from.matches('loading')
        ) {
          expect(to.context.lives).toBe((event as unknown as { output: TimeTable[] }).output)
        }
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})
