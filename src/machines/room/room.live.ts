import { raise } from 'xstate'
import { roomSetup } from './room.setup.ts'

/**
 * On air: the room's children run (comments, player, push socket, report dialog, polling, gift
 * panel, welcome editor); pushes and polling feed them; the comment box sends one at a time.
 */
export const live = roomSetup.createStateConfig({
  type: 'parallel',
  invoke: [
    {
      id: 'comments',
      src: 'commentStream',
      input: ({ context }) => ({
        isOwner: context.room.isOwner,
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
        key: context.room.broadcastKey,
        ownerKey: context.room.ownerBroadcastKey,
        roomId: context.room.roomId,
        initial: context.commentLog,
      }),
    },
    {
      id: 'report',
      src: 'report',
      input: ({ context }) => ({
        roomId: context.room.roomId,
        liveId: context.room.liveId,
      }),
    },
    {
      id: 'polling',
      src: 'polling',
      input: ({ context }) => ({ roomId: context.room.roomId }),
    },
    {
      id: 'gift',
      src: 'gift',
      input: ({ context }) => ({
        roomId: context.room.roomId,
        liveId: context.room.liveId,
        userId: context.userId,
      }),
    },
    {
      id: 'welcome',
      src: 'welcomeEditor',
      input: ({ context }) => ({
        roomId: context.room.roomId,
        // A navigator with the `welcome` right edits it too (issue #23).
        isOwner: context.room.isOwner || (context.room.navigatorRights ?? []).includes('welcome'),
        comment: context.welcome,
      }),
    },
  ],
  entry: {
    type: 'forwardWelcome',
    params: ({ context }) => ({ comment: context.welcome }),
  },
  on: {
    'push.comments': { actions: 'forwardComments' },
    'push.telop': { actions: 'setTelop' },
    'push.interrupted': {
      actions: 'setInterrupted',
      description:
        "OBS's video stopped reaching the site, or came back (t:205, a Kirari extension): the live goes on.",
    },
    'push.eventStanding': [
      {
        guard: 'isOtherEvent',
        description:
          'A gift moved the room in another event it is also in: the badge stays on the one it shows (the one event_and_support names).',
      },
      {
        actions: 'setEventStanding',
        description:
          'A gift moved the room in its event (t:203, a Kirari extension): new rank and gap.',
      },
    ],
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
    'mission.rewarded': {
      actions: ['refreshUser', 'reloadGifts'],
      description: "A mission's reward: the user and the gift panel's stock and gold load again.",
    },
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
          params: ({ context }) => ({ roomId: context.room.roomId, muted: context.muted }),
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
          params: ({ context }) => ({ roomId: context.room.roomId, muted: context.muted }),
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
        idle: {
          // After a send: a stamp's place is free again (the draft was left as it was).
          entry: 'clearStamp',
          on: {
            'comment.stamp': [
              {
                guard: 'isAnonymous',
                actions: 'requireLogin',
                description: 'A stamp is a comment: it needs an account too.',
              },
              {
                target: 'sending',
                actions: 'setStamp',
                description: "A theme's stamp goes out as it is; the typed text stays.",
              },
            ],
            'comment.submit': [
              {
                guard: 'isAnonymous',
                actions: 'requireLogin',
                description: 'Comments need an account: the login modal; the text stays.',
              },
              {
                guard: 'isCommentTooLong',
                actions: { type: 'notify', params: { tone: 'error', key: 'room.commentTooLong' } },
                description:
                  'Over 50 characters as the server counts them: refused; the text stays.',
              },
              { guard: 'isCommentReady', target: 'sending' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'postComment',
            src: 'postComment',
            input: ({ context }) => ({
              liveId: context.room.liveId,
              text: context.stamp ?? context.draft.trim(),
            }),
            onDone: [
              {
                guard: { type: 'achievedMission', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'clearSentDraft', params: ({ event }) => event.output.text },
                  raise({ type: 'mission.achieved' }),
                ],
                description: 'The comment completed a mission (mission.has_achievement).',
              },
              {
                target: 'idle',
                actions: { type: 'clearSentDraft', params: ({ event }) => event.output.text },
                description:
                  'The comment comes back through the socket; text typed meanwhile stays.',
              },
            ],
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
})
