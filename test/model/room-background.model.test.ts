import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { RoomBackgroundsAnswer } from '../../src/contract/room-background.ts'
import { ApiRequestError, type Notice } from '../../src/domain/api-failure.ts'
import {
  roomBackgroundMachine,
  type BackgroundRequest,
  type BackgroundSaved,
} from '../../src/machines/room-background/room-background.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const serverError = (status: number, errorType: string | null = null) =>
  new ApiRequestError({ kind: 'server', status, message: null, errorType, redirectUrl: null })
const lost = new ApiRequestError({ kind: 'network', status: null })
const loggedOut = serverError(401)
const noRoom = serverError(403, 'NO_ROOM')
const notHeld = serverError(400, 'BACKGROUND_NOT_OWNED')

const tile = (id: number, current: boolean, favorite: boolean) => ({
  id,
  name: `背景${id}`,
  rarity: 'R',
  image_url: `/img/background/${id}.svg`,
  is_current: current,
  is_favorite: favorite,
})
const loaded: RoomBackgroundsAnswer = {
  current_id: 202,
  is_fixed: false,
  background_image_url: '/img/background/202.svg',
  backgrounds: [tile(202, true, false), tile(302, false, false)],
}
const chosen: BackgroundSaved = {
  request: { op: 'current', id: 302 },
  answer: {
    ...loaded,
    current_id: 302,
    background_image_url: '/img/background/302.svg',
    backgrounds: [tile(202, false, false), tile(302, true, false)],
  },
}

const events = [
  { type: 'background.choose', id: 302 },
  { type: 'background.reset' },
  { type: 'background.favorite', id: 202, isFavorite: true },
  { type: 'background.fix', isFixed: true },
  { type: 'background.retry' },
  { type: 'xstate.done.actor.loadBackgrounds', output: loaded },
  { type: 'xstate.error.actor.loadBackgrounds', error: lost },
  { type: 'xstate.error.actor.loadBackgrounds', error: noRoom },
  { type: 'xstate.error.actor.loadBackgrounds', error: loggedOut },
  { type: 'xstate.done.actor.saveBackground', output: chosen },
  { type: 'xstate.error.actor.saveBackground', error: notHeld },
  { type: 'xstate.error.actor.saveBackground', error: loggedOut },
] as Array<EventFromLogic<typeof roomBackgroundMachine>>

type Snapshot = ReturnType<typeof roomBackgroundMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('room background machine graph', () => {
  it('loads, explains a missing room, and makes one change at a time; a failure keeps the state', () => {
    const result = walkMachine(roomBackgroundMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        current: s.context.answer?.current_id,
        request: s.context.request,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        // The walk also sends the actors' done and error events, which the event type leaves out.
        const event = sent as { type: string; error?: unknown }
        // Only an answer changes the state shown: a refusal or a failure keeps the last one.
        if (event.type.startsWith('xstate.error.'))
          expect(to.context.answer).toBe(from.context.answer)
        // A change is marked while it is sent, and only then.
        expect(to.context.request !== null).toBe(to.matches('saving'))
        if (to.matches('ready') || to.matches('saving')) expect(to.context.answer).not.toBeNull()
        // Changes wait for the page to be loaded, and for the change before them.
        if (event.type.startsWith('background.') && !from.matches('ready'))
          expect(to.context.request).toBe(from.context.request)
        if (from.matches('loading') && event.error === noRoom) expect(to.value).toBe('noRoom')
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('sends the change asked for, shows its answer with a toast, and toasts a refusal', async () => {
    const sent: BackgroundRequest[] = []
    const notices: Notice[] = []
    const errors: unknown[] = []
    let refuse = false
    const actor = createActor(
      roomBackgroundMachine.provide({
        actors: {
          loadBackgrounds: fromPromise(() => Promise.resolve(loaded)),
          saveBackground: fromPromise(({ input }) => {
            sent.push(input)
            return refuse ? Promise.reject(notHeld) : Promise.resolve({ ...chosen, request: input })
          }),
        },
        actions: {
          notify: (_, notice) => notices.push(notice),
          reportError: (_, { error }) => errors.push(error),
        },
      }),
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'background.choose', id: 302 })
    expect(actor.getSnapshot().value).toBe('saving')
    // One change at a time: another waits for the first's answer.
    actor.send({ type: 'background.reset' })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([{ op: 'current', id: 302 }])
    expect(actor.getSnapshot().context.answer?.current_id).toBe(302)
    expect(notices).toEqual([{ tone: 'success', key: 'roomBackground.chosen' }])

    refuse = true
    actor.send({ type: 'background.fix', isFixed: true })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent.at(-1)).toEqual({ op: 'fixed', isFixed: true })
    expect(errors).toEqual([notHeld])
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.answer).toEqual(chosen.answer)
    actor.stop()
  })
})
