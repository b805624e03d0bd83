import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type { OnliveGenre } from '../../src/domain/api-types.ts'
import { onlivesMachine } from '../../src/machines/onlives/onlives.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

type Event = EventFromLogic<typeof onlivesMachine>
const genres: OnliveGenre[] = [{ genre_id: 8, genre_name: 'Pick Up', lives: [] }]

const events = [
  { type: 'onlives.refresh' },
  { type: 'onlives.locale', locale: 'en' },
  { type: 'xstate.done.actor.loadOnlives', output: genres },
  { type: 'xstate.error.actor.loadOnlives', error: new Error('down') },
  ...delayedEvents(onlivesMachine),
] as Event[]

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

describe('onlives machine graph', () => {
  it('reaches every state and transition; a failure keeps the last good list', () => {
    const result = walkMachine(onlivesMachine, {
      input: { locale: 'ja' },
      events,
      key: (s) => ({
        value: s.value,
        failed: s.context.failed,
        n: s.context.genres.length,
        locale: s.context.locale,
      }),
      invariant: (from, event, to) => {
        if (
          event.type === ('xstate.error.actor.loadOnlives' as string) &&
          from.matches('loading')
        ) {
          expect(to.context.failed).toBe(true)
          expect(to.context.genres).toBe(from.context.genres)
        }
        if (to.matches('loaded')) expect(to.context.failed).toBe(false)
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})
