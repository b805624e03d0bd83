import { afterAll, describe, expect, it } from 'vitest'
import { fromCallback, type EventFromLogic } from 'xstate'
import { TELOP_MAX, VOTE_OPTIONS, ownerMachine } from '../../src/machines/owner/owner.machine.ts'
import { regulationMachine } from '../../src/machines/regulation/regulation.machine.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

// A navigator's right revoked meanwhile (issue #23).
const revoked = new ApiRequestError({
  kind: 'server',
  status: 403,
  message: 'この操作の権限がありません',
  errorType: null,
  redirectUrl: null,
})
const telopOnly = {
  streamUrl: '',
  streamKey: '',
  regulationStatus: 0,
  flags: { isAbroad: false, isUnder16: false, isUnder18: false },
  rights: ['telop'],
}

const events = [
  {
    type: 'xstate.done.actor.loadPanel',
    output: {
      streamUrl: 'rtmp://127.0.0.1:1935/live',
      streamKey: '7_key',
      regulationStatus: 0,
      flags: { isAbroad: false, isUnder16: false, isUnder18: false },
    },
  },
  { type: 'xstate.error.actor.loadPanel', error: new Error('offline') },
  { type: 'owner.retry' },
  { type: 'key.reveal' },
  { type: 'key.hide' },
  { type: 'key.copy' },
  { type: 'telop.change', text: '歌枠' },
  { type: 'telop.change', text: 'あ'.repeat(TELOP_MAX + 1) },
  { type: 'vote.options', options: 99 },
  { type: 'vote.options', options: 3 },
  { type: 'owner.do', call: { op: 'rotateKey' } },
  { type: 'owner.do', call: { op: 'saveTelop', telop: '歌枠' } },
  { type: 'owner.do', call: { op: 'saveTelop', telop: '   ' } },
  { type: 'owner.do', call: { op: 'startVote', options: 3 } },
  { type: 'owner.do', call: { op: 'endVote' } },
  { type: 'owner.do', call: { op: 'setRegulation', on: true } },
  { type: 'xstate.done.actor.call', output: { streamKey: '7_new' } },
  { type: 'xstate.done.actor.call', output: { regulationStatus: 2 } },
  { type: 'xstate.error.actor.call', error: new Error('offline') },
  { type: 'xstate.error.actor.call', error: revoked },
] as Array<EventFromLogic<typeof ownerMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('owner panel machine graph', () => {
  it('one call at a time, votes open and close in turn, the options stay 2–10, failures keep the telop', () => {
    const logic = ownerMachine.provide({
      actors: {
        regulation: regulationMachine.provide({ actors: { clock: fromCallback(() => () => {}) } }),
      },
    })
    const walk = walkMachine(logic, {
      input: { roomId: 7, liveId: 70, telop: '' },
      events,
      key: (s) => ({
        value: s.value,
        pending: s.context.pending,
        voteOpen: s.context.voteOpen,
        telop: s.context.telopDraft.length,
        options: s.context.voteOptions,
        revealed: s.context.revealed,
      }),
      invariant: (from, event, to) => {
        expect(to.context.voteOptions).toBeGreaterThanOrEqual(VOTE_OPTIONS.min)
        expect(to.context.voteOptions).toBeLessThanOrEqual(VOTE_OPTIONS.max)
        // A second call waits for the first.
        if (from.matches({ ready: 'working' }) && event.type === 'owner.do') {
          expect(to.context.pending).toBe(from.context.pending)
        }
        if (event.type === 'owner.do' && from.matches({ ready: 'idle' })) {
          const call = event.call
          if (call.op === 'startVote' && from.context.voteOpen)
            expect(to.matches({ ready: 'working' })).toBe(false)
          if (call.op === 'endVote' && !from.context.voteOpen)
            expect(to.matches({ ready: 'working' })).toBe(false)
          if (call.op === 'saveTelop' && call.telop.trim() === '')
            expect(to.matches({ ready: 'working' })).toBe(false)
        }
        if (
          event.type === ('xstate.error.actor.call' as string) &&
          from.matches({ ready: 'working' })
        ) {
          expect(to.context.telopDraft).toBe(from.context.telopDraft)
          expect(to.context.pending).toBeNull()
        }
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('a navigator makes only the calls of the rights held; a revoked right reads them again', () => {
    const logic = ownerMachine.provide({
      actors: {
        regulation: regulationMachine.provide({ actors: { clock: fromCallback(() => () => {}) } }),
      },
    })
    const walk = walkMachine(logic, {
      input: { roomId: 7, liveId: 70, telop: '', navigator: true },
      events: [
        ...events.filter((e) => (e.type as string) !== 'xstate.done.actor.loadPanel'),
        { type: 'xstate.done.actor.loadPanel', output: telopOnly },
      ] as Array<EventFromLogic<typeof ownerMachine>>,
      key: (s) => ({
        value: s.value,
        pending: s.context.pending,
        rights: s.context.rights,
        telop: s.context.telopDraft.length,
      }),
      invariant: (from, event, to) => {
        if (to.matches({ ready: 'working' }) && !from.matches({ ready: 'working' }))
          expect(['saveTelop', 'deleteTelop']).toContain(to.context.pending)
        if (from.matches({ ready: 'working' }) && (event as { error?: unknown }).error === revoked)
          expect(to.matches('loading')).toBe(true)
      },
    })
    walks.push(walk)
    // Every state; the owner's own calls (the regulation's restart) are the first walk's.
    expect(walk.states.missing).toEqual([])
  })
})
