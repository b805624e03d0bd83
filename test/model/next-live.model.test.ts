import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { NextLiveAnswer, NextLiveBody } from '../../src/contract/follow.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { tokyoLocalInput } from '../../src/domain/schedule.ts'
import { nextLiveMachine } from '../../src/machines/next-live/next-live.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const past = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: '過去の日時は設定できません',
  errorType: 'PAST_TIME',
  redirectUrl: null,
  fieldErrors: { starts_at: '過去の日時は設定できません' },
})
// 2026-12-26 18:00 in Tokyo.
const DEC26_18 = Date.UTC(2026, 11, 26, 9, 0) / 1000
const scheduled: NextLiveAnswer = { epoch: DEC26_18, text: '12/26 18:00', title: '歌枠' }
const none: NextLiveAnswer = { epoch: null, text: '', title: '' }

const events = [
  { type: 'nextLive.edit', field: 'startsAt', value: '2026-12-27T20:00' },
  { type: 'nextLive.edit', field: 'title', value: '雑談' },
  { type: 'nextLive.save' },
  { type: 'nextLive.clear' },
  { type: 'xstate.done.actor.loadNextLive', output: scheduled },
  { type: 'xstate.error.actor.loadNextLive', error: lost },
  { type: 'xstate.done.actor.saveNextLive', output: scheduled },
  { type: 'xstate.error.actor.saveNextLive', error: past },
  { type: 'xstate.error.actor.saveNextLive', error: lost },
  { type: 'xstate.done.actor.clearNextLive', output: none },
  { type: 'xstate.error.actor.clearNextLive', error: lost },
] as Array<EventFromLogic<typeof nextLiveMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('next live machine graph', () => {
  it('loads the schedule, saves and clears it, keeps what was typed when refused', () => {
    const walk = walkMachine(nextLiveMachine, {
      input: { roomId: 7 },
      events,
      key: (s) => ({
        value: s.value,
        next: s.context.next?.epoch ?? null,
        startsAt: s.context.startsAt,
        title: s.context.title,
        errors: s.context.errors,
      }),
      invariant: (from, sent, to) => {
        // The walk also sends the actors' done and error events, which the event type leaves out.
        const event = sent as { type: string; error?: unknown; field?: string }
        // A refusal keeps the form as typed and says why.
        if (event.type === 'xstate.error.actor.saveNextLive') {
          expect(to.context.startsAt).toBe(from.context.startsAt)
          expect(to.context.title).toBe(from.context.title)
        }
        if (
          from.matches('saving') &&
          event.type === 'xstate.error.actor.saveNextLive' &&
          event.error === past
        )
          expect(to.context.errors.starts_at).toBe('過去の日時は設定できません')
        // Typing in a refused field clears its message.
        if (event.type === 'nextLive.edit' && event.field === 'startsAt')
          expect(to.context.errors.starts_at).toBeUndefined()
        if (from.matches('clearing') && event.type === 'xstate.done.actor.clearNextLive') {
          expect(to.context.startsAt).toBe('')
          expect(to.context.next?.epoch).toBeNull()
        }
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('sends the Tokyo wall time and the trimmed title, and fills the form from the schedule', async () => {
    const sent: NextLiveBody[] = []
    const actor = createActor(
      nextLiveMachine.provide({
        actors: {
          loadNextLive: fromPromise(() => Promise.resolve(scheduled)),
          saveNextLive: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve(scheduled)
          }),
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().context.startsAt).toBe('2026-12-26T18:00')
    actor.send({ type: 'nextLive.edit', field: 'title', value: '  歌枠  ' })
    actor.send({ type: 'nextLive.save' })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([{ room_id: '7', starts_at: '2026-12-26T18:00', title: '歌枠' }])
    expect(tokyoLocalInput(Date.UTC(2026, 0, 1, 15, 5) / 1000)).toBe('2026-01-02T00:05')
    actor.stop()
  })
})
