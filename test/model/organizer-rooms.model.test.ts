import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor, type EventFromLogic } from 'xstate'
import type { OrganizerRoomsAnswer } from '../../src/contract/navigator.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  organizerRoomsMachine,
  roomKeyProblem,
} from '../../src/machines/navigator/organizer-rooms.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = new ApiRequestError({
  kind: 'server',
  status: 401,
  message: null,
  errorType: null,
  redirectUrl: null,
})
const noSuchRoom = new ApiRequestError({
  kind: 'server',
  status: 400,
  message: 'ルームが見つかりません',
  errorType: null,
  redirectUrl: null,
  fieldErrors: { room_url_key: 'ルームが見つかりません' },
})
const rooms: OrganizerRoomsAnswer = { organizer_name: 'きらりイベント', rooms: [] }
const linked: OrganizerRoomsAnswer = {
  organizer_name: 'きらりイベント',
  rooms: [
    {
      room_id: 7,
      room_url_key: 'demo_liver_room',
      room_name: 'デモライバーの部屋',
      image: '/img/room/7.svg',
      status: 'pending',
      is_live: false,
      recent_lives: [],
    },
  ],
}

const events = [
  { type: 'xstate.done.actor.loadRooms', output: rooms },
  { type: 'xstate.error.actor.loadRooms', error: lost },
  { type: 'rooms.retry' },
  { type: 'link.change', value: 'demo_liver_room' },
  { type: 'link.change', value: '  ' },
  { type: 'link.submit' },
  { type: 'xstate.done.actor.linkRoom', output: linked },
  { type: 'xstate.error.actor.linkRoom', error: noSuchRoom },
  { type: 'xstate.error.actor.linkRoom', error: loggedOut },
  { type: 'xstate.error.actor.linkRoom', error: lost },
] as Array<EventFromLogic<typeof organizerRoomsMachine>>

type Snapshot = ReturnType<typeof organizerRoomsMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('organizer rooms machine graph', () => {
  it('asks to link a room by its key; a refusal keeps the key and says why', () => {
    const result = walkMachine(organizerRoomsMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        key: s.context.roomUrlKey,
        error: s.context.keyError,
        count: s.context.answer?.rooms.length,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        const event = sent as { type: string; error?: unknown }
        // Only typing, and a link made, change the key typed.
        if (event.type !== 'link.change' && event.type !== 'xstate.done.actor.linkRoom')
          expect(to.context.roomUrlKey).toBe(from.context.roomUrlKey)
        if (to.matches('linking') && !from.matches('linking'))
          expect(roomKeyProblem(to.context.roomUrlKey)).toBeNull()
        if (from.matches('linking') && event.error === noSuchRoom)
          expect(to.context.keyError).toBe('ルームが見つかりません')
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('sends the key trimmed, and empties the form once linked', async () => {
    const sent: string[] = []
    const actor = createActor(
      organizerRoomsMachine.provide({
        actors: {
          loadRooms: fromPromise(() => Promise.resolve(rooms)),
          linkRoom: fromPromise(({ input }) => {
            sent.push(input.roomUrlKey)
            return Promise.resolve(linked)
          }),
        },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'link.submit' })
    expect(actor.getSnapshot().context.keyError).toBe('organizerRooms.keyRequired')
    actor.send({ type: 'link.change', value: ' demo_liver_room ' })
    actor.send({ type: 'link.submit' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(sent).toEqual(['demo_liver_room'])
    expect(actor.getSnapshot().context.roomUrlKey).toBe('')
    expect(actor.getSnapshot().context.answer?.rooms).toHaveLength(1)
    actor.stop()
  })
})
