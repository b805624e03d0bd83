import { assign, fromPromise, setup } from 'xstate'
import type { WebPushDevice } from '../../contract/web-push.ts'
import type { Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface PushDevicesLoad {
  devices: WebPushDevice[]
  /** This browser's push endpoint, when it has one: its row says "this device". */
  thisEndpoint: string | null
}

export interface PushDevicesContext extends PushDevicesLoad {
  /** The device a change or a removal is waiting on. */
  busyId: number | null
}

export type DevicePreferences = { schedule: boolean; news: boolean }

export type PushDevicesEvent =
  | { type: 'device.remove'; id: number }
  | { type: 'device.preferences'; id: number; preferences: DevicePreferences }
  | { type: 'retry' }

/**
 * The devices that take a user's notices (issue #41), on /mypage: listed with the push service
 * and when each was last sent one; each can be removed, and told whether it takes schedule
 * reminders and site news besides lives. Every change shows what the server answered.
 */
export const pushDevicesMachine = setup({
  types: {
    context: {} as PushDevicesContext,
    events: {} as PushDevicesEvent,
  },
  actors: {
    loadDevices: fromPromise<PushDevicesLoad>(notProvided('loadDevices')),
    removeDevice: fromPromise<unknown, { id: number }>(notProvided('removeDevice')),
    savePreferences: fromPromise<WebPushDevice, { id: number; preferences: DevicePreferences }>(
      notProvided('savePreferences'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, load: PushDevicesLoad) => ({ ...load })),
    markBusy: assign((_, id: number) => ({ busyId: id })),
    drop: assign(({ context }) => ({
      devices: context.devices.filter((d) => d.id !== context.busyId),
      busyId: null,
    })),
    replace: assign(({ context }, device: WebPushDevice) => ({
      devices: context.devices.map((d) => (d.id === device.id ? device : d)),
      busyId: null,
    })),
    clearBusy: assign({ busyId: null }),
  },
}).createMachine({
  id: 'pushDevices',
  context: { devices: [], thisEndpoint: null, busyId: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDevices',
        src: 'loadDevices',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The list could not be read: says so, and a press reads it again.',
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        'device.remove': {
          target: 'removing',
          actions: { type: 'markBusy', params: ({ event }) => event.id },
        },
        'device.preferences': {
          target: 'saving',
          actions: { type: 'markBusy', params: ({ event }) => event.id },
        },
      },
    },
    removing: {
      invoke: {
        id: 'removeDevice',
        src: 'removeDevice',
        input: ({ context }) => ({ id: context.busyId ?? 0 }),
        onDone: {
          target: 'ready',
          actions: [
            'drop',
            { type: 'notify', params: { tone: 'success', key: 'devices.removed' } as const },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            'clearBusy',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saving: {
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context, event }) => ({
          id: context.busyId ?? 0,
          preferences:
            event.type === 'device.preferences'
              ? event.preferences
              : { schedule: true, news: false },
        }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'replace', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'devices.saved' } as const },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            'clearBusy',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
})
