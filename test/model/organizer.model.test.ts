import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type EventFromLogic } from 'xstate'
import type { OrganizerEntry, OrganizerEvent } from '../../src/contract/event-entry.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { eventFormErrors, eventFormOf } from '../../src/domain/event-form.ts'
import {
  organizerEventsMachine,
  type DecideInput,
  type SaveInput,
} from '../../src/machines/organizer/organizer-events.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const NOW = Date.parse('2026-11-24T12:00:00+09:00')
const lost = new ApiRequestError({ kind: 'network', status: null })
const invalid = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: '入力内容を確認してください',
  errorType: 'INVALID_FIELDS',
  redirectUrl: null,
  fieldErrors: { url_key: 'このURLキーはすでに使われています' },
})

const stored = (id: number, blocks: string[] = []): OrganizerEvent => ({
  event_id: id,
  url_key: `cup_${id}`,
  name: `カップ${id}`,
  description: '',
  image: '',
  event_type: blocks.length > 0 ? 3 : 1,
  started_at: '2026-12-01T20:00:00+09:00',
  ended_at: '2026-12-14T20:00:00+09:00',
  entry_started_at: '2026-11-20T20:00:00+09:00',
  entry_ended_at: '2026-11-30T20:00:00+09:00',
  min_follower_num: 0,
  min_grade_id: 0,
  rewards: '',
  terms: '',
  tutorial_url: '',
  blocks,
  reward_tiers: [{ up_to_rank: 3, reward: '限定バッジ' }],
  counts: { applied: 1, approved: 0, refused: 0 },
})
const entry = (status: OrganizerEntry['status']): OrganizerEntry => ({
  room_id: 5,
  room_name: 'あおいの部屋',
  room_url_key: 'aoi_music',
  follower_num: 120,
  status,
  refused_reason: status === 'refused' ? '条件を満たしていません' : '',
  block_division_id: 0,
  applied_at: 1_800_000_000,
  point: 0,
})

const events = [
  { type: 'xstate.done.actor.loadEvents', output: [stored(1), stored(2, ['A', 'B'])] },
  { type: 'xstate.error.actor.loadEvents', error: lost },
  { type: 'organizer.retry' },
  { type: 'form.new' },
  { type: 'form.edit', eventId: 1 },
  { type: 'form.edit', eventId: 99 },
  { type: 'form.change', field: 'url_key', value: 'new_cup' },
  { type: 'form.change', field: 'name', value: '新イベント' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'xstate.done.actor.saveEvent', output: stored(3) },
  { type: 'xstate.error.actor.saveEvent', error: invalid },
  { type: 'xstate.error.actor.saveEvent', error: lost },
  { type: 'entries.open', eventId: 1 },
  { type: 'entries.open', eventId: 2 },
  { type: 'entries.close' },
  { type: 'xstate.done.actor.loadEntries', output: [entry('applied')] },
  { type: 'xstate.error.actor.loadEntries', error: lost },
  { type: 'entry.reason', roomId: 5, reason: '条件を満たしていません' },
  { type: 'entry.block', roomId: 5, blockId: 1 },
  { type: 'entry.approve', roomId: 5 },
  { type: 'entry.refuse', roomId: 5 },
  { type: 'xstate.done.actor.decide', output: entry('approved') },
  { type: 'xstate.done.actor.decide', output: entry('refused') },
  { type: 'xstate.error.actor.decide', error: lost },
] as Array<EventFromLogic<typeof organizerEventsMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('organizer events machine graph', () => {
  it('sends only a form that passes, keeps what was typed, and decides entries by the rules', () => {
    const walk = walkMachine(organizerEventsMachine, {
      input: { nowMs: NOW },
      events,
      key: (s) => ({
        value: s.value,
        events: s.context.events.length,
        form: s.context.form,
        editing: s.context.editingId,
        errors: s.context.fieldErrors,
        eventId: s.context.eventId,
        entries: s.context.entries.map((e) => e.status),
        reasons: s.context.reasons,
        blocks: s.context.blocks,
        deciding: s.context.deciding,
      }),
      invariant: (from, event, to) => {
        if (to.matches({ form: 'saving' }) && !from.matches({ form: 'saving' })) {
          // Only a form the shared rule passes is sent.
          expect(from.context.form && eventFormErrors(from.context.form)).toEqual({})
        }
        if (event.type.startsWith('xstate.error.actor.saveEvent'))
          // What was typed survives a refusal or a lost connection.
          expect(to.context.form).toEqual(from.context.form)
        if (to.matches({ entries: 'deciding' }) && !from.matches({ entries: 'deciding' })) {
          const deciding = to.context.deciding
          expect(deciding).not.toBeNull()
          if (deciding?.decision === 'refuse')
            expect(from.context.reasons[deciding.roomId]?.trim()).toBeTruthy()
          const isBlock =
            (to.context.events.find((e) => e.event_id === to.context.eventId)?.blocks.length ?? 0) >
            0
          if (deciding?.decision === 'approve' && isBlock)
            expect(from.context.blocks[deciding.roomId]).toBeDefined()
        }
        if ((event.type as string) === 'xstate.error.actor.decide')
          expect(to.context.reasons).toEqual(from.context.reasons)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})

describe('organizer events, run', () => {
  it('saves the form as it passed, and sends each decision as the rules let it go', async () => {
    const saved: SaveInput[] = []
    const loaded: number[] = []
    const decided: DecideInput[] = []
    const actor = createActor(
      organizerEventsMachine.provide({
        actors: {
          loadEvents: fromPromise(() => Promise.resolve([stored(1), stored(2, ['A', 'B'])])),
          saveEvent: fromPromise(({ input }: { input: SaveInput }) => {
            saved.push(input)
            return Promise.resolve(stored(input.eventId ?? 3))
          }),
          loadEntries: fromPromise(({ input }: { input: { eventId: number } }) => {
            loaded.push(input.eventId)
            return Promise.resolve([entry('applied'), { ...entry('applied'), room_id: 6 }])
          }),
          decide: fromPromise(({ input }: { input: DecideInput }) => {
            decided.push(input)
            return Promise.resolve({ ...entry('approved'), room_id: input.roomId })
          }),
        },
      }),
      { input: { nowMs: NOW } },
    ).start()
    await waitFor(actor, (s) => s.matches('list'))
    actor.send({ type: 'form.edit', eventId: 1 })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (s) => s.matches('list'))
    expect(saved).toEqual([{ eventId: 1, form: eventFormOf(stored(1)) }])

    actor.send({ type: 'entries.open', eventId: 2 })
    await waitFor(actor, (s) => s.matches({ entries: 'shown' }))
    expect(loaded).toEqual([2])
    // A block event: no approval before a division is chosen, no refusal without a reason.
    actor.send({ type: 'entry.approve', roomId: 5 })
    actor.send({ type: 'entry.refuse', roomId: 6 })
    expect(decided).toEqual([])
    actor.send({ type: 'entry.block', roomId: 5, blockId: 1 })
    actor.send({ type: 'entry.approve', roomId: 5 })
    await waitFor(actor, (s) => s.matches({ entries: 'shown' }))
    actor.send({ type: 'entry.reason', roomId: 6, reason: ' 条件外です ' })
    actor.send({ type: 'entry.refuse', roomId: 6 })
    await waitFor(actor, (s) => s.matches({ entries: 'shown' }))
    expect(decided).toEqual([
      { eventId: 2, roomId: 5, decision: 'approve', block_id: 1 },
      { eventId: 2, roomId: 6, decision: 'refuse', reason: ' 条件外です ' },
    ])
  })
})
