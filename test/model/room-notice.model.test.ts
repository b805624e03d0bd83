import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { PushSendBody, PushSendStatus } from '../../src/contract/follow.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  roomNoticeMachine,
  type DeviceSubscribeResult,
} from '../../src/machines/room-notice/room-notice.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'
import { serverError } from './shop-fixtures.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
// Unfollowed in another tab: the server no longer has notices to turn.
const notFollowing = serverError(404)

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('room notice machine graph', () => {
  it('shows the bell to a follower only, and turns the notices as the server answers', () => {
    const events = [
      { type: 'notice.toggle' },
      { type: 'xstate.done.actor.loadStatus', output: { status: 1 } },
      { type: 'xstate.done.actor.loadStatus', output: { status: 0 } },
      { type: 'xstate.done.actor.loadStatus', output: {} },
      { type: 'xstate.error.actor.loadStatus', error: lost },
      { type: 'xstate.done.actor.setStatus', output: { push_send_status: { status: 0 } } },
      { type: 'xstate.done.actor.setStatus', output: { push_send_status: { status: 1 } } },
      { type: 'xstate.done.actor.setStatus', output: { push_send_status: {} } },
      { type: 'xstate.error.actor.setStatus', error: lost },
      { type: 'xstate.error.actor.setStatus', error: notFollowing },
      { type: 'xstate.done.actor.checkDeviceOffer', output: true },
      { type: 'xstate.done.actor.checkDeviceOffer', output: false },
      { type: 'xstate.error.actor.checkDeviceOffer', error: lost },
      { type: 'device.accept' },
      { type: 'device.dismiss' },
      { type: 'xstate.done.actor.subscribeDevice', output: 'subscribed' },
      { type: 'xstate.done.actor.subscribeDevice', output: 'blocked' },
      { type: 'xstate.error.actor.subscribeDevice', error: lost },
    ] as Array<EventFromLogic<typeof roomNoticeMachine>>
    const walk = walkMachine(roomNoticeMachine, {
      input: { roomId: 7 },
      events,
      key: (s) => ({ value: s.value, on: s.context.on }),
      invariant: (from, sent, to) => {
        const event = sent as { type: string; output?: { push_send_status?: { status?: 0 | 1 } } }
        // Not following: no bell, and nothing a press could do.
        if (from.matches('hidden')) expect(to.matches('hidden')).toBe(true)
        // The bell shows what the server answered, never a guess; a failure changes nothing.
        if (from.matches({ shown: 'switching' }) && event.type === 'xstate.done.actor.setStatus') {
          const status = event.output?.push_send_status?.status
          if (status === undefined) expect(to.matches('hidden')).toBe(true)
          else expect(to.context.on).toBe(status === 1)
        }
        if (event.type === 'xstate.error.actor.setStatus')
          expect(to.context.on).toBe(from.context.on)
        // This device is offered the notifications only as they are turned on, never before.
        if (to.matches({ shown: 'offering' }) && !from.matches({ shown: 'offering' })) {
          expect(from.matches({ shown: 'checkingDevice' })).toBe(true)
          expect(to.context.on).toBe(true)
        }
        if (to.matches({ shown: 'checkingDevice' })) expect(to.context.on).toBe(true)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('asks for the other status and toasts what it became', async () => {
    const sent: PushSendBody[] = []
    const keys: string[] = []
    const actor = createActor(
      roomNoticeMachine.provide({
        actors: {
          loadStatus: fromPromise(() => Promise.resolve<PushSendStatus>({ status: 1 })),
          setStatus: fromPromise(({ input }) => {
            sent.push(input)
            const status = input.status === 1 ? (1 as const) : (0 as const)
            return Promise.resolve({ push_send_status: { status } })
          }),
        },
        actions: {
          notify: (_, n) => {
            if ('key' in n) keys.push(n.key)
          },
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().context.on).toBe(true)
    actor.send({ type: 'notice.toggle' })
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'notice.toggle' })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([
      { room_id: 7, status: 0 },
      { room_id: 7, status: 1 },
    ])
    expect(keys).toEqual(['room.noticeOff', 'room.noticeOn'])
    actor.stop()
  })

  it('offers this device the notifications when they are turned on, and subscribes it on yes', async () => {
    const keys: string[] = []
    let subscribed = 0
    const actor = createActor(
      roomNoticeMachine.provide({
        actors: {
          loadStatus: fromPromise(() => Promise.resolve<PushSendStatus>({ status: 0 })),
          setStatus: fromPromise(({ input }) =>
            Promise.resolve({ push_send_status: { status: input.status === 1 ? 1 : 0 } as const }),
          ),
          checkDeviceOffer: fromPromise(() => Promise.resolve(true)),
          subscribeDevice: fromPromise(() => {
            subscribed++
            return Promise.resolve<DeviceSubscribeResult>('subscribed')
          }),
        },
        actions: {
          notify: (_, n) => {
            if ('key' in n) keys.push(n.key)
          },
        },
      }),
      { input: { roomId: 7 } },
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    expect(actor.getSnapshot().matches({ shown: 'idle' })).toBe(true)
    actor.send({ type: 'notice.toggle' })
    await settle()
    expect(actor.getSnapshot().matches({ shown: 'offering' })).toBe(true)
    actor.send({ type: 'device.accept' })
    await settle()
    expect(subscribed).toBe(1)
    expect(keys).toEqual(['room.noticeOn', 'room.deviceSubscribed'])
    // Turned off and on again: asked again only if the device still takes none (the check).
    actor.send({ type: 'notice.toggle' })
    await settle()
    expect(actor.getSnapshot().matches({ shown: 'idle' })).toBe(true)
    actor.stop()
  })
})
