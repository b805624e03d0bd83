import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { JewelHistAnswer } from '../../src/contract/jewel.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { shiftMonth } from '../../src/domain/jewel-months.ts'
import { jewelHistMachine } from '../../src/machines/jewel-hist/jewel-hist.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = new ApiRequestError({
  kind: 'server',
  status: 401,
  message: null,
  errorType: null,
  redirectUrl: null,
})

const answerFor = (month: string, current = '2026-11'): JewelHistAnswer => ({
  room_id: 7,
  month,
  current_month: current,
  total: { paid: 120, free: 8, gifts: 9 },
  lives: [],
  months: Array.from({ length: 12 }, (_, i) => ({
    month: shiftMonth(month, i - 11),
    paid: 0,
    free: 0,
  })),
})

const events = [
  { type: 'jewelHist.previous' },
  { type: 'jewelHist.next' },
  { type: 'jewelHist.retry' },
  { type: 'xstate.done.actor.loadJewelHist', output: answerFor('2026-11') },
  { type: 'xstate.done.actor.loadJewelHist', output: answerFor('2026-10') },
  { type: 'xstate.error.actor.loadJewelHist', error: lost },
  { type: 'xstate.error.actor.loadJewelHist', error: loggedOut },
] as Array<EventFromLogic<typeof jewelHistMachine>>

type Snapshot = ReturnType<typeof jewelHistMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('jewelHist machine graph', () => {
  it('loads a month, steps back and forth (never past this month) and retries a failure', () => {
    const result = walkMachine(jewelHistMachine, {
      input: { roomId: 7 },
      events,
      key: (s) => ({ value: s.value, month: s.context.month, answer: s.context.answer?.month }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        const event = sent as { type: string }
        // Never beyond this Tokyo month.
        if (event.type === 'jewelHist.next' && from.matches('ready') && to.matches('loading')) {
          const shown = from.context.answer
          expect(shown && shown.month < shown.current_month).toBe(true)
        }
        // A failure keeps the month asked for: a retry asks for it again.
        if (to.matches('loadFailed')) expect(to.context.month).toBe(from.context.month)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('asks for this month first, then the month before and back', async () => {
    const asked: Array<string | null> = []
    const actor = createActor(
      jewelHistMachine.provide({
        actors: {
          loadJewelHist: fromPromise(({ input }) => {
            asked.push(input.month)
            return Promise.resolve(answerFor(input.month ?? '2026-11'))
          }),
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    actor.send({ type: 'jewelHist.next' })
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'jewelHist.previous' })
    await settle()
    expect(actor.getSnapshot().context.answer?.month).toBe('2026-10')
    actor.send({ type: 'jewelHist.next' })
    await settle()
    expect(asked).toEqual([null, '2026-10', '2026-11'])
    actor.stop()
  })
})
