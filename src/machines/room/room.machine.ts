import { ROOM_TRANSITION_SECONDS, roomSetup } from './room.setup.ts'

export { ROOM_TRANSITION_SECONDS, type RoomContext, type RoomEvent } from './room.setup.ts'

/**
 * One visit to a room: loads it, then runs the player, comment stream, push socket, polling,
 * report dialog and welcome editor as children; after the live, counts down to the next room.
 */
export const roomMachine = roomSetup.createMachine({
  id: 'room',
  context: ({ input }) => ({
    roomUrlKey: input.roomUrlKey,
    userId: input.userId,
    room: null,
    commentLog: [],
    streams: [],
    telop: '',
    banners: [],
    recommended: [],
    muted: [],
    giftLog: [],
    stage: [],
    stageSeq: 0,
    giftSound: true,
    voteResults: [],
    welcome: '',
    followSaving: false,
    viewers: null,
    draft: '',
    notFound: false,
    next: null,
    countdown: ROOM_TRANSITION_SECONDS,
    push: 'connecting',
  }),
  initial: 'loading',
  on: {
    'follow.toggle': [
      { guard: 'isAnonymous', actions: 'requireLogin' },
      { guard: 'isFollowSaving', description: 'One follow change at a time.' },
      { actions: ['markFollowSaving', 'startFollow'] },
    ],
    'xstate.done.actor.follow': {
      actions: { type: 'setFollow', params: ({ event }) => event.output },
    },
    'room.share': {
      actions: {
        type: 'share',
        params: ({ context }) => ({
          roomUrlKey: context.roomUrlKey,
          title: context.room?.mainName ?? context.roomUrlKey,
        }),
      },
    },
    'xstate.error.actor.follow': {
      actions: [
        'followFailed',
        { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
      ],
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadRoom',
        src: 'loadRoom',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: [
          {
            guard: { type: 'isOnAir', params: ({ event }) => event.output },
            target: 'live',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          { target: 'offAir', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'markNotFound', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    live: {
      type: 'parallel',
      invoke: [
        {
          id: 'comments',
          src: 'commentStream',
          input: ({ context }) => ({
            isOwner: context.room?.isOwner ?? false,
            userId: context.userId,
            mutedUserIds: context.muted.map((m) => m.userId),
            // comment_log is newest first; the stream wants oldest first.
            initial: [...context.commentLog].reverse(),
          }),
        },
        {
          id: 'player',
          src: 'player',
          input: ({ context }) => ({ streams: context.streams }),
        },
        {
          id: 'push',
          src: 'pushSocket',
          input: ({ context }) => ({
            key: context.room?.broadcastKey ?? '',
            ownerKey: context.room?.ownerBroadcastKey ?? '',
            roomId: context.room?.roomId ?? 0,
            initial: context.commentLog,
          }),
        },
        {
          id: 'report',
          src: 'report',
          input: ({ context }) => ({
            roomId: context.room?.roomId ?? 0,
            liveId: context.room?.liveId ?? 0,
          }),
        },
        {
          id: 'polling',
          src: 'polling',
          input: ({ context }) => ({ roomId: context.room?.roomId ?? 0 }),
        },
        {
          id: 'gift',
          src: 'gift',
          input: ({ context }) => ({
            roomId: context.room?.roomId ?? 0,
            liveId: context.room?.liveId ?? 0,
            userId: context.userId,
          }),
        },
        {
          id: 'welcome',
          src: 'welcomeEditor',
          input: ({ context }) => ({
            roomId: context.room?.roomId ?? 0,
            isOwner: context.room?.isOwner ?? false,
            comment: context.welcome,
          }),
        },
      ],
      entry: {
        type: 'forwardWelcome',
        params: ({ context }) => ({ comment: context.welcome }),
      },
      on: {
        'push.comment': { actions: 'forwardComment' },
        'push.telop': { actions: 'setTelop' },
        'push.gift': [
          { guard: 'isMutedGift', description: "A muted user's gifts are not shown." },
          {
            guard: 'isSoundOn',
            actions: ['addGift', 'scheduleLeave', 'playGiftSound'],
            description: 'Into the log and onto the stage, leaving again after 5 s.',
          },
          { actions: ['addGift', 'scheduleLeave'] },
        ],
        'stage.leave': { actions: 'leaveStage' },
        'push.voteStarted': {
          actions: [
            'setVoteResults',
            'reloadGifts',
            { type: 'notify', params: { tone: 'show', key: 'gift.voteStarted' } },
          ],
          description: 'The owner opened a vote (t:3): the panel gets its vote gifts.',
        },
        'push.voteEnded': {
          actions: [
            'setVoteResults',
            'reloadGifts',
            { type: 'notify', params: { tone: 'show', key: 'gift.voteEnded' } },
          ],
          description: 'The vote closed (t:4): its results stay on show.',
        },
        'gift.selfLog': { actions: 'forwardSelfLog' },
        'push.log': {
          actions: 'forwardLog',
          description: 'Owner-only and other system logs (t:202, a Kirari extension).',
        },
        'sound.toggle': {
          actions: [
            'toggleSound',
            { type: 'saveGiftSound', params: ({ context }) => ({ on: context.giftSound }) },
          ],
        },
        'push.welcome': {
          actions: { type: 'forwardWelcome', params: ({ event }) => ({ comment: event.comment }) },
          description: 'The owner changed the welcome comment (t:201, a Kirari extension).',
        },
        'welcome.saved': {
          actions: { type: 'forwardWelcome', params: ({ event }) => ({ comment: event.comment }) },
          description: "The owner's own editor saved: pinned at once, before the push echoes it.",
        },
        'push.connected': [
          {
            guard: 'isReconnect',
            actions: ['markConnected', 'pollNow'],
            description: 'Back from a gap: ask for viewers and live end at once.',
          },
          { actions: 'markConnected' },
        ],
        'push.disconnected': {
          actions: 'markReconnecting',
          description: 'The socket dropped; it reconnects with backoff and fills the gap.',
        },
        'polling.toast': {
          actions: {
            type: 'notify',
            params: ({ event }) => ({ tone: 'show' as const, text: event.message }),
          },
        },
        'report.open': [
          {
            guard: 'isAnonymous',
            actions: 'requireLogin',
            description: 'Reports need an account.',
          },
          { actions: 'forwardReport' },
        ],
        'user.mute': {
          actions: [
            'addMute',
            'forwardMute',
            'dropMutedGifts',
            {
              type: 'saveMutes',
              params: ({ context }) => ({
                roomId: context.room?.roomId ?? 0,
                muted: context.muted,
              }),
            },
          ],
          description: 'Their comments and logs go at once; the list survives a reload.',
        },
        'user.unmute': {
          actions: [
            'removeMute',
            'forwardMute',
            {
              type: 'saveMutes',
              params: ({ context }) => ({
                roomId: context.room?.roomId ?? 0,
                muted: context.muted,
              }),
            },
          ],
        },
        'recommended.use': { actions: 'useRecommended' },
        'push.liveEnd': { target: 'ended', description: 'The push socket said t:101.' },
        'polling.result': [
          { guard: 'isLiveEnd', target: 'ended', description: 'Polling answered live_end.' },
          { actions: 'setViewers' },
        ],
        'draft.change': { actions: 'setDraft' },
      },
      states: {
        composer: {
          initial: 'idle',
          states: {
            idle: { on: { 'comment.submit': { guard: 'hasDraft', target: 'sending' } } },
            sending: {
              invoke: {
                id: 'postComment',
                src: 'postComment',
                input: ({ context }) => ({
                  liveId: context.room?.liveId ?? 0,
                  text: context.draft.trim(),
                }),
                onDone: {
                  target: 'idle',
                  actions: {
                    type: 'clearSentDraft',
                    params: ({ event }) => event.output.text,
                  },
                  description:
                    'The comment comes back through the socket; text typed meanwhile stays.',
                },
                onError: [
                  {
                    guard: {
                      type: 'needsSmsAuth',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'idle',
                    actions: 'openSmsAuth',
                    description:
                      'SMS_NOT_AUTHENTICATED: the SMS modal instead of a toast; the text stays.',
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'reportError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
    offAir: {},
    ended: {
      description: 'SPEC §9: after the live, a 60 s countdown to another room on air.',
      initial: 'findingNext',
      states: {
        findingNext: {
          invoke: {
            id: 'findNextRoom',
            src: 'findNextRoom',
            input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
            onDone: [
              {
                guard: { type: 'hasNext', params: ({ event }) => event.output },
                target: 'countingDown',
                actions: {
                  type: 'setNext',
                  params: ({ event }) => event.output ?? { roomUrlKey: '', mainName: '' },
                },
              },
              { target: 'noNext' },
            ],
            onError: 'noNext',
          },
        },
        countingDown: {
          after: {
            second: [
              {
                guard: 'isLastSecond',
                target: 'leaving',
                actions: {
                  type: 'goToRoom',
                  params: ({ context }) => ({ roomUrlKey: context.next?.roomUrlKey ?? '' }),
                },
              },
              { target: 'countingDown', reenter: true, actions: 'tick' },
            ],
          },
          on: {
            'transition.go': {
              target: 'leaving',
              actions: {
                type: 'goToRoom',
                params: ({ context }) => ({ roomUrlKey: context.next?.roomUrlKey ?? '' }),
              },
            },
            'transition.cancel': {
              target: 'noNext',
              description: 'The viewer stays on the ended room.',
            },
          },
        },
        leaving: {},
        noNext: {},
      },
    },
    failed: { on: { 'room.retry': 'loading' } },
  },
})
