import { and } from 'xstate'
import { broadcastSetup, loadedRoom } from './broadcast.setup.ts'
import type { BroadcastContext, LiveSession } from './broadcast.types.ts'

/** The live as the site started it: only `live` reads it (it is set on the way in). */
function liveOf(context: Pick<BroadcastContext, 'live'>): LiveSession {
  if (!context.live) throw new Error('broadcast machine: no live outside `live`')
  return context.live
}

/** Back from the end question: on air, or reconnecting when there is no sender. */
const backFromConfirm = [
  { guard: 'isPublishing' as const, target: 'onAir' },
  { target: 'reconnecting' },
]

/**
 * On air: the room's push socket, comment stream and polling run as on the room page; the
 * sender (child `publish`, started in `starting`) goes on; the screen stays on. The page in the
 * background sends no video; a lost connection is replaced by a new WHIP session with the same key.
 */
export const live = broadcastSetup.createStateConfig({
  invoke: [
    {
      id: 'push',
      src: 'pushSocket',
      input: ({ context }) => ({
        key: liveOf(context).pushKey,
        ownerKey: liveOf(context).ownerPushKey,
        roomId: loadedRoom(context).roomId,
        initial: [],
      }),
    },
    {
      id: 'comments',
      src: 'commentStream',
      input: ({ context }) => ({ isOwner: true, userId: context.userId, initial: [] }),
    },
    {
      id: 'polling',
      src: 'polling',
      input: ({ context }) => ({ roomId: loadedRoom(context).roomId }),
    },
    { id: 'wakeLock', src: 'wakeLock' },
  ],
  on: {
    'push.comments': { actions: 'forwardComments' },
    'push.gift': { actions: 'addGift' },
    'push.interrupted': {
      actions: 'setInterrupted',
      description: 'The site tells viewers the video stopped (t:205), or that it is back.',
    },
    'push.connected': {
      guard: 'isPushReconnect',
      actions: 'pollNow',
      description: 'Back from a gap in the push socket: ask at once whether the live goes on.',
    },
    'push.liveEnd': [
      {
        guard: 'isWindowEnding',
        target: '#broadcast.ended',
        actions: { type: 'endBy', params: 'window' },
        description:
          "The site ended the live as the minor's window closed (by its clock, maybe a little ahead of the phone's).",
      },
      {
        target: '#broadcast.ended',
        actions: { type: 'endBy', params: 'site' },
        description: 'The site ended the live (t:101): the owner panel, an operator, the grace.',
      },
    ],
    'polling.result': [
      {
        guard: and(['isLiveEnd', 'isWindowEnding']),
        target: '#broadcast.ended',
        actions: { type: 'endBy', params: 'window' },
      },
      {
        guard: 'isLiveEnd',
        target: '#broadcast.ended',
        actions: { type: 'endBy', params: 'site' },
        description: 'Polling answered live_end (a push frame missed in a gap).',
      },
      { actions: 'setViewers' },
    ],
    'clock.tick': [
      {
        guard: 'isWindowClosedAt',
        target: '#broadcast.ending',
        actions: ['tick', { type: 'endBy', params: 'window' }],
        description: "A minor's window closed: the page ends the live itself.",
      },
      { actions: 'tick' },
    ],
    'page.hidden': { actions: ['markHidden', 'sendTracks'] },
    'page.visible': [
      {
        guard: 'canRecapture',
        actions: [
          'markVisible',
          'sendTracks',
          { type: 'startRecapture', params: ({ context }) => ({ facing: context.facing }) },
        ],
        description: 'Back in front: the video goes out again; a camera the phone stopped reopens.',
      },
      { actions: ['markVisible', 'sendTracks'] },
    ],
    'stats.sampled': { actions: 'setStats' },
    'connection.down': {
      actions: 'startLossTimer',
      description: "'disconnected' may pass by itself: only one lasting 3 s counts.",
    },
    'connection.up': { actions: 'cancelLossTimer' },
    'connection.lost': '.reconnecting',
    'connection.failed': '.reconnecting',
    'network.changed': {
      target: '.reconnecting',
      description: 'Online again, or another network (Wi-Fi to mobile): a new session at once.',
    },
  },
  initial: 'onAir',
  states: {
    onAir: {
      on: {
        'page.hidden': {
          target: 'away',
          actions: ['markHidden', 'sendTracks'],
          description: 'In the background: no video, so the media host tells viewers.',
        },
        'end.request': 'confirmingEnd',
      },
    },
    away: {
      description: 'The page is in the background: the sound goes on, the video is stopped.',
      on: {
        'page.visible': [
          {
            guard: 'canRecapture',
            target: 'onAir',
            actions: [
              'markVisible',
              'sendTracks',
              { type: 'startRecapture', params: ({ context }) => ({ facing: context.facing }) },
            ],
          },
          { target: 'onAir', actions: ['markVisible', 'sendTracks'] },
        ],
      },
    },
    confirmingEnd: {
      description: 'A stray tap does not end the live: the end is asked again.',
      after: { confirmTimeout: backFromConfirm },
      on: {
        'end.confirm': {
          target: '#broadcast.ending',
          actions: { type: 'endBy', params: 'liver' },
        },
        'end.cancel': backFromConfirm,
        'page.hidden': [
          { guard: 'isPublishing', target: 'away', actions: ['markHidden', 'sendTracks'] },
          { target: 'reconnecting', actions: 'markHidden' },
        ],
      },
    },
    reconnecting: {
      description:
        'The old session is DELETEd and a new offer POSTed with the same key, with a short backoff; within the grace the same live goes on.',
      entry: ['stopPublish', 'cancelLossTimer', 'resetAttempts'],
      after: {
        giveUp: {
          target: '#broadcast.ended',
          actions: [
            { type: 'endBy', params: 'lost' },
            { type: 'setProblem', params: { kind: 'unreachable' } },
          ],
          description: 'The grace is over: the site has ended the live.',
        },
      },
      on: {
        'end.request': 'confirmingEnd',
        'connection.down': { description: "The old connection's news: it is gone already." },
        'connection.up': {},
        'connection.lost': {},
        'connection.failed': {},
      },
      initial: 'offering',
      states: {
        offering: {
          entry: 'startPublish',
          on: {
            'network.changed': { description: 'The offer on its way goes out on the new one.' },
            'whip.answered': [
              { guard: 'isHidden', target: '#broadcast.live.away', actions: 'resetAttempts' },
              { target: '#broadcast.live.onAir', actions: 'resetAttempts' },
            ],
            'whip.refused': [
              {
                guard: 'isFinalRefusal',
                target: '#broadcast.ended',
                actions: [
                  {
                    type: 'setProblem',
                    params: ({ event }) => ({
                      kind: 'refused' as const,
                      status: event.status,
                      message: event.message,
                    }),
                  },
                  { type: 'endBy', params: 'refused' },
                ],
                description:
                  'The key was replaced, or the site refuses the live: stop and say why.',
              },
              {
                target: 'waiting',
                actions: ['stopPublish', 'countAttempt'],
                description: '409 (the old session not gone yet) or 503: tried again.',
              },
            ],
            'whip.unreachable': { target: 'waiting', actions: ['stopPublish', 'countAttempt'] },
          },
        },
        waiting: {
          after: { backoff: 'offering' },
          on: {
            'network.changed': {
              target: 'offering',
              description: 'The network is back: no need to wait.',
            },
          },
        },
      },
    },
  },
})
