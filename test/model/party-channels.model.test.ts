import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { PartyChannelsAnswer } from '../../src/contract/party.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  PARTY_REFRESH_MS,
  partyChannelsMachine,
} from '../../src/machines/party/party-channels.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const channel = (id: number, current: boolean, onlive = true) => ({
  room_id: id,
  room_url_key: `room_${id}`,
  room_name: `部屋${id}`,
  main_name: `ライバー${id}`,
  image: `/img/room/${id}.svg`,
  is_onlive: onlive,
  view_num: id * 10,
  is_current: current,
})
const inParty: PartyChannelsAnswer = {
  party: { party_id: 1, name: 'うたリレー' },
  channels: [channel(1, true), channel(2, false), channel(3, false, false)],
}
const later: PartyChannelsAnswer = {
  ...inParty,
  channels: [channel(1, true, false), channel(2, false), channel(3, false)],
}
const none: PartyChannelsAnswer = { party: null, channels: [] }
const lost = new ApiRequestError({ kind: 'network', status: null })

const events = [
  { type: 'xstate.done.actor.0.partyChannels.loading', output: inParty },
  { type: 'xstate.done.actor.0.partyChannels.loading', output: none },
  { type: 'xstate.error.actor.0.partyChannels.loading', error: lost },
  { type: 'xstate.done.actor.0.partyChannels.refreshing', output: later },
  { type: 'xstate.done.actor.0.partyChannels.refreshing', output: none },
  { type: 'xstate.error.actor.0.partyChannels.refreshing', error: lost },
  ...delayedEvents(partyChannelsMachine),
] as Array<EventFromLogic<typeof partyChannelsMachine>>

type Snapshot = ReturnType<typeof partyChannelsMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('party channels machine graph', () => {
  it('shows a party and refreshes it, shows nothing for a room in none, keeps rooms on a failure', () => {
    const result = walkMachine(partyChannelsMachine, {
      input: { roomId: 1 },
      events,
      key: (s) => ({
        value: s.value,
        party: s.context.party,
        live: s.context.channels[0]?.is_onlive,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        const event = sent as { type: string }
        // Rooms are shown only with their party; a room in no party shows none.
        expect(to.context.channels.length > 0).toBe(to.context.party !== null)
        if (to.matches('showing') || to.matches('refreshing'))
          expect(to.context.party).not.toBeNull()
        if (to.matches('alone')) expect(to.context.channels).toEqual([])
        // A failed refresh keeps what was shown.
        if (event.type.startsWith('xstate.error.') && from.matches('refreshing'))
          expect(to.context.channels).toBe(from.context.channels)
        expect(to.context.roomId).toBe(1)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('asks for its room, then again every PARTY_REFRESH_MS while in a party', async () => {
    vi.useFakeTimers()
    const asked: number[] = []
    const answers = [inParty, later, none]
    const actor = createActor(
      partyChannelsMachine.provide({
        actors: {
          loadChannels: fromPromise(({ input }) => {
            asked.push(input.roomId)
            return Promise.resolve(answers.shift() ?? none)
          }),
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().context.party?.name).toBe('うたリレー')
    await vi.advanceTimersByTimeAsync(PARTY_REFRESH_MS)
    expect(asked).toEqual([7, 7])
    expect(actor.getSnapshot().context.channels[0]?.is_onlive).toBe(false)
    await vi.advanceTimersByTimeAsync(PARTY_REFRESH_MS)
    expect(actor.getSnapshot().value).toBe('alone')
    await vi.advanceTimersByTimeAsync(PARTY_REFRESH_MS * 3)
    expect(asked).toEqual([7, 7, 7])
    actor.stop()
    vi.useRealTimers()
  })
})
