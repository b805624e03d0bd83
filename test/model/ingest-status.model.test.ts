import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, transition, type EventFromLogic } from 'xstate'
import type { IngestStatus, IngestStatusAnswer } from '../../src/contract/ingest.ts'
import { ApiRequestError, failureOf } from '../../src/domain/api-failure.ts'
import {
  INGEST_POLL_MS,
  INGEST_RETRY_MS,
  ingestStatusMachine,
} from '../../src/machines/ingest-status/ingest-status.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const serverError = (status: number) =>
  new ApiRequestError({ kind: 'server', status, message: 'x', errorType: null, redirectUrl: null })
/** Our server's 503 (the media host down), as the API client reads any 503. */
const mediaHostDown = new ApiRequestError({ kind: 'maintenance', status: 503 })
const lost = new ApiRequestError({ kind: 'network', status: null })

const ingest = (keyframes: number): IngestStatus => ({
  receiving: true,
  stalled: false,
  since: 1_764_300_000_000,
  video: {
    codec: 'avc1.64001f',
    width: 1280,
    height: 720,
    frame_rate: 30,
    kbps: 2500,
    keyframe_interval: keyframes,
  },
  audio: { codec: 'mp4a.40.2', kbps: 128 },
  renditions: [{ name: 'source', width: 1280, height: 720, running: true }],
})
const good: IngestStatusAnswer = { on_air: true, ingest: ingest(2) }
const slowKeyframes: IngestStatusAnswer = { on_air: true, ingest: ingest(6) }
const offAir: IngestStatusAnswer = { on_air: false, ingest: null }

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('ingest status machine graph', () => {
  it('polls while shown, keeps failures in the panel, and stops at a refusal', () => {
    const events = [
      { type: 'ingest.retry' },
      { type: 'xstate.done.actor.loadStatus', output: good },
      { type: 'xstate.done.actor.loadStatus', output: slowKeyframes },
      { type: 'xstate.done.actor.loadStatus', output: offAir },
      { type: 'xstate.error.actor.loadStatus', error: mediaHostDown },
      { type: 'xstate.error.actor.loadStatus', error: serverError(502) },
      { type: 'xstate.error.actor.loadStatus', error: lost },
      { type: 'xstate.error.actor.loadStatus', error: serverError(403) },
      { type: 'xstate.error.actor.loadStatus', error: serverError(401) },
      ...delayedEvents(ingestStatusMachine),
    ] as Array<EventFromLogic<typeof ingestStatusMachine>>
    let refusals = 0
    const walk = walkMachine(ingestStatusMachine, {
      input: { roomId: 7 },
      events,
      key: (s) => ({
        value: s.value,
        answer: s.context.answer,
        problem: s.context.problem,
      }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string; error?: unknown; output?: IngestStatusAnswer }
        // Shown, the answer and its warnings; failed, a problem and no stale answer.
        if (to.matches('showing')) {
          expect(to.context.answer).not.toBeNull()
          expect(to.context.problem).toBeNull()
        }
        if (to.matches('failed')) {
          expect(to.context.answer).toBeNull()
          expect(to.context.problem).not.toBeNull()
        }
        if (to.matches('refused')) expect(to.context.answer).toBeNull()
        if (event.type === 'xstate.done.actor.loadStatus' && from.matches('fetching')) {
          expect(to.context.warnings.map((w) => w.code)).toEqual(
            event.output === slowKeyframes ? ['keyframeLong'] : [],
          )
        }
        if (event.type === 'xstate.error.actor.loadStatus' && from.matches('fetching')) {
          if (event.error === mediaHostDown) expect(to.context.problem).toBe('unreachable')
          if (event.error === lost) expect(to.context.problem).toBe('failed')
        }
        // Nothing is asked while refused, but a retry.
        if (from.matches('refused') && !to.matches('refused'))
          expect(event.type).toBe('ingest.retry')
        // Only a refusal stops the asking.
        if (event.type === 'xstate.error.actor.loadStatus' && from.matches('fetching')) {
          const failure = failureOf(event.error)
          const refusal = failure.kind === 'server' && [401, 403, 404].includes(failure.status)
          expect(to.matches('refused')).toBe(refusal)
          if (to.matches('refused')) refusals++
        }
        // Nothing leaves the machine (no report, no emit): a 503 would take the app to its
        // maintenance page.
        const [, actions] = transition(ingestStatusMachine, from, sent)
        const outward = actions.filter(
          (a) => !a.type.startsWith('xstate.') || ['xstate.emit', 'xstate.sendTo'].includes(a.type),
        )
        expect(outward).toEqual([])
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
    expect(refusals).toBeGreaterThan(0)
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks every 5 s, 10 s after a failure, and no more once stopped', async () => {
    vi.useFakeTimers()
    expect([INGEST_POLL_MS, INGEST_RETRY_MS]).toEqual([5000, 10_000])
    const answers: Array<IngestStatusAnswer | Error> = [good, mediaHostDown, slowKeyframes]
    const asked: number[] = []
    const actor = createActor(
      ingestStatusMachine.provide({
        actors: {
          loadStatus: fromPromise(({ input }) => {
            asked.push(input.roomId)
            // The last answer, again and again.
            const next = (answers.length > 1 ? answers.shift() : answers[0]) ?? good
            return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
          }),
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(asked).toHaveLength(1)
    expect(actor.getSnapshot().context.answer).toBe(good)
    await vi.advanceTimersByTimeAsync(4999)
    expect(asked).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toHaveLength(2)
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.problem).toBe('unreachable')
    await vi.advanceTimersByTimeAsync(9999)
    expect(asked).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(asked).toHaveLength(3)
    expect(actor.getSnapshot().context.warnings).toEqual([{ code: 'keyframeLong', seconds: 6 }])
    await vi.advanceTimersByTimeAsync(5000)
    expect(asked).toHaveLength(4)
    actor.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    // Stopped with the panel: no more asking.
    expect(asked).toEqual([7, 7, 7, 7])
  })
})
