import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { WebPushDevice } from '../../src/contract/web-push.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  pushDevicesMachine,
  type PushDevicesLoad,
} from '../../src/machines/push-devices/push-devices.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const device = (id: number, over: Partial<WebPushDevice> = {}): WebPushDevice => ({
  id,
  label: 'Chrome · Android',
  service: 'fcm.googleapis.com',
  endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
  send_schedule: true,
  send_news: false,
  created_at: 1_790_000_000,
  last_sent_at: null,
  ...over,
})

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('push devices machine graph', () => {
  it('lists the devices; a removal or a change shows what the server answered', () => {
    const events = [
      {
        type: 'xstate.done.actor.loadDevices',
        output: { devices: [device(1), device(2)], thisEndpoint: null },
      },
      { type: 'xstate.error.actor.loadDevices', error: lost },
      { type: 'retry' },
      { type: 'device.remove', id: 1 },
      { type: 'device.preferences', id: 2, preferences: { schedule: false, news: true } },
      { type: 'xstate.done.actor.removeDevice', output: undefined },
      { type: 'xstate.error.actor.removeDevice', error: lost },
      { type: 'xstate.done.actor.savePreferences', output: device(2, { send_news: true }) },
      { type: 'xstate.error.actor.savePreferences', error: lost },
    ] as Array<EventFromLogic<typeof pushDevicesMachine>>
    const walk = walkMachine(pushDevicesMachine, {
      input: undefined,
      events,
      key: (s) => ({ value: s.value, n: s.context.devices.length, busy: s.context.busyId }),
      invariant: (from, sent, to) => {
        // One change at a time: nothing else starts while one waits.
        if (from.context.busyId !== null && to.context.busyId !== null)
          expect(to.context.busyId).toBe(from.context.busyId)
        // A removal the server refused keeps the device listed.
        if ((sent as { type: string }).type === 'xstate.error.actor.removeDevice')
          expect(to.context.devices).toEqual(from.context.devices)
        if (to.matches('ready')) expect(to.context.busyId).toBeNull()
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('removes a device from the list once the server has, and saves a device’s choices', async () => {
    const removed: number[] = []
    const keys: string[] = []
    const actor = createActor(
      pushDevicesMachine.provide({
        actors: {
          loadDevices: fromPromise(() =>
            Promise.resolve<PushDevicesLoad>({
              devices: [device(1), device(2)],
              thisEndpoint: device(2).endpoint,
            }),
          ),
          removeDevice: fromPromise(({ input }) => {
            removed.push(input.id)
            return Promise.resolve()
          }),
          savePreferences: fromPromise(({ input }) =>
            Promise.resolve(
              device(input.id, {
                send_schedule: input.preferences.schedule,
                send_news: input.preferences.news,
              }),
            ),
          ),
        },
        actions: {
          notify: (_, n) => {
            if ('key' in n) keys.push(n.key)
          },
        },
      }),
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    actor.send({ type: 'device.remove', id: 1 })
    await settle()
    expect(removed).toEqual([1])
    expect(actor.getSnapshot().context.devices.map((d) => d.id)).toEqual([2])
    actor.send({ type: 'device.preferences', id: 2, preferences: { schedule: false, news: true } })
    await settle()
    expect(actor.getSnapshot().context.devices[0]).toMatchObject({
      send_schedule: false,
      send_news: true,
    })
    expect(keys).toEqual(['devices.removed', 'devices.saved'])
    actor.stop()
  })
})
