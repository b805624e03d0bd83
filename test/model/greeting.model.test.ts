import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import { GREETING_MAX, type GreetingAnswer, type GreetingBody } from '../../src/contract/follow.ts'
import { ApiRequestError, type Notice } from '../../src/domain/api-failure.ts'
import { greetingMachine } from '../../src/machines/greeting/greeting.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const refused = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: 'パラメータが不正です (greeting)',
  errorType: null,
  redirectUrl: null,
})

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('greeting machine graph', () => {
  it('loads the greeting; the owner saves, removes, and keeps what was typed when refused', () => {
    const events = [
      { type: 'greeting.edit', text: 'いつもありがとう' },
      { type: 'greeting.edit', text: 'あ'.repeat(GREETING_MAX + 1) },
      { type: 'greeting.save' },
      { type: 'greeting.clear' },
      { type: 'greeting.retry' },
      { type: 'xstate.done.actor.loadGreeting', output: { greeting: 'ようこそ', is_shown: true } },
      { type: 'xstate.error.actor.loadGreeting', error: lost },
      {
        type: 'xstate.done.actor.saveGreeting',
        output: { greeting: 'いつもありがとう', is_shown: true },
      },
      { type: 'xstate.error.actor.saveGreeting', error: refused },
      { type: 'xstate.error.actor.saveGreeting', error: lost },
      { type: 'xstate.done.actor.clearGreeting', output: { greeting: '', is_shown: true } },
      { type: 'xstate.error.actor.clearGreeting', error: lost },
    ] as Array<EventFromLogic<typeof greetingMachine>>
    const walk = walkMachine(greetingMachine, {
      input: { roomId: 7 },
      events,
      key: (s) => ({
        value: s.value,
        greeting: s.context.greeting,
        draft: s.context.draft,
        error: s.context.error,
      }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string; error?: unknown }
        // A text past the limit is never sent.
        if (to.matches('saving') && !from.matches('saving'))
          expect(from.context.draft.trim().length).toBeLessThanOrEqual(GREETING_MAX)
        if (from.matches('saving') && event.type === 'xstate.error.actor.saveGreeting') {
          expect(to.context.draft).toBe(from.context.draft)
          // Refused: the server's message; lost: a toast, the field as it was.
          if (event.error === refused) expect(to.context.error).toBe(refused.message)
          else expect(to.context.error).toBe(from.context.error)
        }
        if (event.type === 'greeting.edit') expect(to.context.error).toBeNull()
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('sends the trimmed text and says whether it was saved or removed', async () => {
    const sent: GreetingBody[] = []
    const notices: Notice[] = []
    const actor = createActor(
      greetingMachine.provide({
        actors: {
          loadGreeting: fromPromise(() =>
            Promise.resolve<GreetingAnswer>({ greeting: '', is_shown: true }),
          ),
          saveGreeting: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve({ greeting: String(input.greeting), is_shown: true })
          }),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
      { input: { roomId: 7 } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'greeting.edit', text: '  来てくれてありがとう  ' })
    actor.send({ type: 'greeting.save' })
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'greeting.clear' })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([
      { room_id: '7', greeting: '来てくれてありがとう' },
      { room_id: '7', greeting: '' },
    ])
    expect(notices).toEqual([
      { tone: 'success', key: 'owner.greetingSaved' },
      { tone: 'success', key: 'owner.greetingRemoved' },
    ])
    actor.stop()
  })
})
