import type { SnapshotFrom } from 'xstate'
import { live } from './broadcast.live.ts'
import { broadcastSetup, freshLive, loadedRoom } from './broadcast.setup.ts'
import type { BroadcastContext } from './broadcast.types.ts'

export type * from './broadcast.types.ts'
export { BroadcastFailure } from './broadcast.types.ts'
export { sendsVideo } from './broadcast.setup.ts'

/** The microphone as its toggle says. */
const syncMicrophone = {
  type: 'syncMicrophone',
  params: ({ context }: { context: BroadcastContext }) => ({
    capture: context.capture,
    on: context.micOn,
  }),
} as const

const other = (facing: 'user' | 'environment') => (facing === 'user' ? 'environment' : 'user')

/**
 * The liver's "go live from the phone's browser" page (issue #51): loads the room (its owner
 * only), opens the camera, and on 配信開始 sends it to the site's WHIP endpoint; while live it
 * keeps the connection (reconnecting with the same key), stops the video in the background, and
 * ends the live on 配信終了 (asked twice), when the site ends it or when a minor's window closes.
 */
export const broadcastMachine = broadcastSetup.createMachine({
  id: 'broadcast',
  context: ({ input }) => ({
    roomUrlKey: input.roomUrlKey,
    userId: input.userId,
    nowMs: 0,
    room: null,
    capture: null,
    facing: 'user',
    micOn: true,
    cameraOn: true,
    hidden: false,
    recapturing: false,
    publishing: false,
    ...freshLive(),
  }),
  invoke: [
    { id: 'clock', src: 'clock', input: { intervalMs: 1000 } },
    { id: 'page', src: 'pageWatch' },
    { id: 'keeper', src: 'captureKeeper' },
  ],
  on: {
    'clock.tick': { actions: 'tick' },
    'page.hidden': { actions: 'markHidden' },
    'page.visible': [
      {
        guard: 'canRecapture',
        actions: [
          'markVisible',
          { type: 'startRecapture', params: ({ context }) => ({ facing: context.facing }) },
        ],
        description: 'Back in front: a camera the phone stopped in the background reopens.',
      },
      { actions: 'markVisible' },
    ],
    'camera.switch': {
      guard: 'canRecapture',
      actions: {
        type: 'startRecapture',
        params: ({ context }) => ({ facing: other(context.facing) }),
      },
      description: 'Front ↔ back: the new camera replaces the old in the preview and the sender.',
    },
    'camera.toggle': { guard: 'hasCapture', actions: ['toggleCamera', 'sendTracks'] },
    'mic.toggle': { guard: 'hasCapture', actions: ['toggleMic', syncMicrophone] },
    'xstate.done.actor.recapture': [
      {
        guard: 'hasCapture',
        actions: [
          'endRecapture',
          { type: 'noteSwitch', params: ({ event }) => event.output },
          { type: 'setCapture', params: ({ event }) => event.output },
          syncMicrophone,
          'sendTracks',
        ],
      },
      {
        actions: [
          'endRecapture',
          { type: 'stopCapture', params: ({ event }) => ({ capture: event.output }) },
        ],
        description: 'The live ended meanwhile: the camera opened too late is closed again.',
      },
    ],
    'xstate.error.actor.recapture': {
      actions: ['endRecapture', { type: 'setProblemOf', params: ({ event }) => event }],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRoom',
        src: 'loadRoom',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: [
          {
            guard: { type: 'isOwner', params: ({ event }) => event.output },
            target: 'acquiring',
            actions: [{ type: 'setRoom', params: ({ event }) => event.output }, 'startRegulation'],
          },
          {
            target: 'forbidden',
            actions: { type: 'setRoom', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setProblemOf', params: ({ event }) => event },
        },
      },
    },
    forbidden: { description: "Not the room's owner (or not logged in): said plainly." },
    error: {
      description: 'The room or the camera could not be opened: why, and a retry.',
      on: {
        'broadcast.retry': [
          { guard: 'hasRoom', target: 'acquiring', actions: 'clearProblem' },
          { target: 'loading', actions: 'clearProblem' },
        ],
      },
    },
    acquiring: {
      invoke: {
        id: 'acquire',
        src: 'acquire',
        input: ({ context }) => ({ facing: context.facing }),
        onDone: {
          target: 'preview',
          actions: [{ type: 'setCapture', params: ({ event }) => event.output }, syncMicrophone],
        },
        onError: {
          target: 'error',
          actions: { type: 'setProblemOf', params: ({ event }) => event },
        },
      },
    },
    preview: {
      on: {
        'broadcast.start': {
          guard: 'isWindowOpen',
          target: 'starting',
          description: "Outside a minor's window there is no start (the button says why).",
        },
      },
    },
    starting: {
      entry: 'clearProblem',
      initial: 'credentials',
      states: {
        credentials: {
          invoke: {
            id: 'loadCredentials',
            src: 'loadCredentials',
            input: ({ context }) => ({ roomId: loadedRoom(context).roomId }),
            onDone: {
              target: 'offering',
              actions: { type: 'setCredentials', params: ({ event }) => event.output },
            },
            onError: {
              target: '#broadcast.preview',
              actions: { type: 'setProblemOf', params: ({ event }) => event },
            },
          },
        },
        offering: {
          description: 'The offer, complete with its candidates, POSTed to the WHIP endpoint.',
          entry: 'startPublish',
          on: {
            'whip.answered': { target: 'resolving', actions: 'resetAttempts' },
            'whip.refused': {
              target: '#broadcast.preview',
              actions: [
                'stopPublish',
                {
                  type: 'setProblem',
                  params: ({ event }) => ({
                    kind: 'refused' as const,
                    status: event.status,
                    message: event.message,
                  }),
                },
              ],
            },
            'whip.unreachable': {
              target: '#broadcast.preview',
              actions: ['stopPublish', { type: 'setProblem', params: { kind: 'unreachable' } }],
            },
          },
        },
        resolving: {
          description: "The 201 started the live: the room's status gives its id and push keys.",
          invoke: {
            id: 'loadLive',
            src: 'loadLive',
            input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
            onDone: [
              {
                guard: { type: 'hasLive', params: ({ event }) => event.output },
                target: '#broadcast.live',
                actions: { type: 'setLive', params: ({ event }) => event.output },
              },
              { guard: 'mayAskAgain', target: 'waiting', actions: 'countAttempt' },
              {
                target: '#broadcast.preview',
                actions: ['stopPublish', { type: 'setProblem', params: { kind: 'notOnAir' } }],
              },
            ],
            onError: [
              { guard: 'mayAskAgain', target: 'waiting', actions: 'countAttempt' },
              {
                target: '#broadcast.preview',
                actions: ['stopPublish', { type: 'setProblemOf', params: ({ event }) => event }],
              },
            ],
          },
        },
        waiting: { after: { resolveRetry: 'resolving' } },
      },
    },
    live,
    ending: {
      description: 'live_end first, then the session is DELETEd and the camera closed.',
      invoke: {
        id: 'endLive',
        src: 'endLive',
        input: ({ context }) => ({
          roomId: loadedRoom(context).roomId,
          liveId: context.live?.liveId ?? 0,
        }),
        onDone: 'ended',
        onError: {
          target: 'ended',
          actions: { type: 'setProblem', params: { kind: 'endUnconfirmed' } },
          description: 'Not confirmed: the closed session ends the live after the grace anyway.',
        },
      },
    },
    ended: {
      entry: [
        'stopPublish',
        { type: 'stopCapture', params: ({ context }) => ({ capture: context.capture }) },
        'forgetCapture',
        'cancelLossTimer',
      ],
      on: { 'broadcast.again': { target: 'acquiring', actions: 'resetLive' } },
    },
  },
})

export type BroadcastSnapshot = SnapshotFrom<typeof broadcastMachine>

const PHASES = [
  'loading',
  'forbidden',
  'error',
  'acquiring',
  'preview',
  'starting',
  'live',
  'ending',
  'ended',
] as const

/** What the page shows: the top-level state, with `reconnecting` told apart inside `live`. */
export type BroadcastPhase = (typeof PHASES)[number] | 'reconnecting'

export function broadcastPhase(s: BroadcastSnapshot): BroadcastPhase {
  if (s.matches({ live: 'reconnecting' })) return 'reconnecting'
  return PHASES.find((phase) => s.matches(phase)) ?? 'loading'
}
