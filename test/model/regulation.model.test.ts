import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromCallback, type EventFromLogic } from 'xstate'
import {
  NO_LIMIT_REMAINING,
  REGULATION_WARNING_SECONDS,
  isStreamingAllowed,
  type StreamerFlags,
} from '../../src/domain/regulation.ts'
import { runClock } from '../../src/effects/clock.ts'
import { regulationMachine } from '../../src/machines/regulation/regulation.machine.ts'
import { coverageLine, mergeWalks, walkMachine, type WalkResult } from './graph-walk.ts'

const tokyo = (h: number, m: number, s: number) => Date.UTC(2026, 10, 23, h - 9, m, s)
const ticks = [
  tokyo(4, 59, 59),
  tokyo(5, 0, 0),
  tokyo(12, 0, 0),
  tokyo(19, 50, 0),
  tokyo(19, 59, 59),
  tokyo(20, 0, 0),
  tokyo(21, 55, 0),
  tokyo(22, 0, 0),
]
const events = ticks.map((nowMs) => ({ type: 'clock.tick', nowMs })) as Array<
  EventFromLogic<typeof regulationMachine>
>

const classes: Array<[string, StreamerFlags]> = [
  ['under 16', { isAbroad: false, isUnder16: true, isUnder18: true }],
  ['under 18', { isAbroad: false, isUnder16: false, isUnder18: true }],
  ['adult', { isAbroad: false, isUnder16: false, isUnder18: false }],
  ['abroad', { isAbroad: true, isUnder16: true, isUnder18: true }],
]

const walks: WalkResult[] = []
afterAll(() => console.log(coverageLine(mergeWalks(walks))))

describe('regulation machine graph, with a test clock', () => {
  // The real clock is replaced: time moves only by the walk's ticks.
  const logic = regulationMachine.provide({ actors: { clock: fromCallback(() => () => {}) } })

  for (const [name, flags] of classes) {
    it(`${name}: closed exactly outside the window, warned in its last minutes`, () => {
      const walk = walkMachine(logic, {
        input: { ...flags, nowMs: tokyo(12, 0, 0) },
        events,
        key: (s) => ({ value: s.value, nowMs: s.context.nowMs }),
        invariant: (_from, _event, to) => {
          const allowed = isStreamingAllowed(flags, to.context.nowMs)
          if (to.matches('unrestricted')) {
            expect(to.context.remaining).toBe(NO_LIMIT_REMAINING)
            expect(allowed).toBe(true)
          } else {
            expect(to.matches({ restricted: 'closed' })).toBe(!allowed)
            expect(to.matches({ restricted: 'ending' })).toBe(
              allowed && to.context.remaining <= REGULATION_WARNING_SECONDS,
            )
            if (!allowed) expect(to.context.remaining).toBe(0)
          }
        },
      })
      walks.push(walk)
      const start = createActor(logic, { input: { ...flags, nowMs: tokyo(12, 0, 0) } }).start()
      expect(start.getSnapshot().value).toEqual(
        flags.isAbroad || !flags.isUnder18 ? 'unrestricted' : { restricted: 'open' },
      )
      start.stop()
    })
  }

  it('reaches every state and transition over the four classes', () => {
    const merged = mergeWalks(walks)
    expect(merged.states.missing).toEqual([])
    // Taken only by the first check at start (an adult or abroad streamer starts unrestricted,
    // as every walk of theirs asserts), never by a later tick.
    expect(merged.transitions.missing).toEqual([
      'restricted --clock.tick [isUnrestricted]--> unrestricted',
    ])
  })

  it('ticks every second from the real clock for a restricted streamer only', async () => {
    const real = regulationMachine.provide({
      actors: {
        clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
      },
    })
    const minor = createActor(real, {
      input: { isAbroad: false, isUnder16: true, isUnder18: true, nowMs: tokyo(12, 0, 0) },
    }).start()
    const adult = createActor(real, {
      input: { isAbroad: false, isUnder16: false, isUnder18: false, nowMs: tokyo(12, 0, 0) },
    }).start()
    const before = minor.getSnapshot().context.nowMs
    await new Promise((r) => setTimeout(r, 1100))
    expect(minor.getSnapshot().context.nowMs).not.toBe(before)
    expect(adult.getSnapshot().value).toBe('unrestricted')
    minor.stop()
    adult.stop()
  })
})
