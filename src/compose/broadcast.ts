import { fromCallback, fromPromise } from 'xstate'
import {
  endBroadcastLive,
  loadBroadcastRoom,
  loadLiveSession,
  loadWhipCredentials,
} from '../effects/api/broadcast.ts'
import type { ApiClient } from '../effects/api/client.ts'
import { getCommentLog, getPolling } from '../effects/api/room.ts'
import {
  acquireCapture,
  recapture,
  setMicrophone,
  stopAllCaptures,
  stopCapture,
} from '../effects/broadcast-media.ts'
import { holdWakeLock, pushSocketUrl, watchPage } from '../effects/broadcast-page.ts'
import { runPublish } from '../effects/broadcast-whip.ts'
import { runClock } from '../effects/clock.ts'
import { openPushSocket } from '../effects/push-socket.ts'
import { broadcastMachine } from '../machines/broadcast/broadcast.machine.ts'
import { pollingMachine } from '../machines/polling/polling.machine.ts'
import { regulationMachine } from '../machines/regulation/regulation.machine.ts'

/** What the broadcast page needs of the app (the router context has it). */
export interface BroadcastPorts {
  api: ApiClient
}

/**
 * The broadcast page's machine with real effects (issue #51): the camera, the WebRTC sender and
 * its WHIP session, the page's visibility and wake lock, and the room's push socket, polling and
 * streaming-window clock as the room page has them (src/compose/room.ts). Loaded with the page.
 */
export function broadcastMachines({ api }: BroadcastPorts) {
  const pushUrl = pushSocketUrl()
  return {
    broadcast: broadcastMachine.provide({
      actors: {
        loadRoom: fromPromise(({ input }) => loadBroadcastRoom(api, input.roomUrlKey)),
        acquire: fromPromise(({ input }) => acquireCapture(input.facing)),
        recapture: fromPromise(({ input }) => recapture(input.capture, input.facing)),
        loadCredentials: fromPromise(({ input }) => loadWhipCredentials(api, input.roomId)),
        loadLive: fromPromise(({ input }) => loadLiveSession(api, input.roomUrlKey)),
        endLive: fromPromise(({ input }) => endBroadcastLive(api, input.roomId, input.liveId)),
        publish: fromCallback(({ input, sendBack, receive }) =>
          runPublish(input, sendBack, receive),
        ),
        pageWatch: fromCallback(({ sendBack }) => watchPage(sendBack)),
        captureKeeper: fromCallback(() => stopAllCaptures),
        wakeLock: fromCallback(() => holdWakeLock()),
        clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
        pushSocket: fromCallback(({ sendBack, input }) =>
          openPushSocket(pushUrl, input.key, sendBack, {
            ownerKey: input.ownerKey,
            initial: input.initial,
            backfill: () => getCommentLog(api, input.roomId),
          }),
        ),
        polling: pollingMachine.provide({
          actors: { poll: fromPromise(({ input }) => getPolling(api, input.roomId)) },
        }),
        regulation: regulationMachine.provide({
          actors: {
            clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
          },
        }),
      },
      actions: {
        stopCapture: (_, { capture }) => stopCapture(capture),
        syncMicrophone: (_, { capture, on }) => setMicrophone(capture, on),
      },
    }),
  }
}

export type BroadcastMachines = ReturnType<typeof broadcastMachines>
