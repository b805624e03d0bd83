import type { EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import type { LoadedRoom } from '../../src/domain/room.ts'
import { roomOnAirMachine } from '../../src/machines/room/room-visit.machine.ts'
import { delayedEvents } from './graph-walk.ts'

/** A room as loaded: on air or not, the viewer its owner or not, its OBS video interrupted or not. */
export const loaded = (isLive: boolean, isOwner = false, interrupted = false): LoadedRoom => ({
  room: {
    roomId: 1,
    roomUrlKey: 'kirari_hoshino',
    roomName: '星野きらりの部屋',
    mainName: '星野 きらり',
    description: '',
    image: '/img/room/1.svg',
    followerNum: 1,
    isLive,
    liveId: isLive ? 10 : 0,
    broadcastKey: isLive ? '000001:abcdefgh' : '',
    ownerBroadcastKey: '',
    isOwner,
    isFollowing: false,
  },
  commentLog: [],
  streams: isLive
    ? [{ id: 100, type: 'hls_all', label: '自動', url: '/hls/kirari_hoshino/abr.m3u8' }]
    : [],
  telop: '',
  welcome: isOwner ? 'ようこそ' : '',
  banners: [],
  recommended: [{ id: 1, comment: 'こんばんは！' }],
  muted: isOwner ? [] : [{ userId: 3, name: 'muted' }],
  giftLog: [],
  giftSound: !isOwner,
  event: isLive
    ? {
        eventId: 1,
        eventName: 'ウィンターカップ',
        endedAt: 1_800_000_000,
        rank: 3,
        point: 120,
        gap: 30,
      }
    : null,
  interrupted,
})
export const giftEntry = (userId: number) => ({
  avatar_id: 1,
  avatar_url: '/img/avatar/1.svg',
  name: `user${userId}`,
  gift_id: 3,
  num: 1,
  ua: 0,
  created_at: 1,
  user_id: userId,
  aft: 0,
  image: '/img/gift/3.svg',
  image2: '',
})
export const serverError = (status: number, errorType: string | null = null) =>
  new ApiRequestError({ kind: 'server', status, message: 'x', errorType, redirectUrl: null })

/** Every event a loaded room takes, with sample payloads, for the graph walks. */
export const visitEvents = [
  { type: 'follow.toggle' },
  { type: 'xstate.done.actor.follow', output: { isFollowing: true, followerNum: 2 } },
  { type: 'xstate.error.actor.follow', error: serverError(500) },
  { type: 'push.telop', telop: '今日は歌枠です' },
  { type: 'push.interrupted', interrupted: true, reason: 'disconnected' },
  { type: 'push.interrupted', interrupted: true, reason: 'stalled' },
  { type: 'push.interrupted', interrupted: false, reason: 'disconnected' },
  { type: 'push.welcome', comment: 'ようこそ' },
  { type: 'push.welcome', comment: '' },
  { type: 'welcome.saved', comment: 'ようこそ' },
  { type: 'push.connected', reconnected: true },
  { type: 'push.connected', reconnected: false },
  { type: 'push.disconnected' },
  { type: 'polling.toast', message: 'お知らせ' },
  { type: 'user.mute', userId: 2, name: 'a' },
  { type: 'room.share' },
  { type: 'push.gift', gift: giftEntry(2) },
  { type: 'push.gift', gift: giftEntry(3) },
  { type: 'stage.leave', key: 1 },
  { type: 'sound.toggle' },
  { type: 'push.voteStarted' },
  {
    type: 'push.log',
    log: { id: 'f1', targetType: 2, userId: 2, text: 'user2さんがフォローしました' },
  },
  {
    type: 'push.voteEnded',
    results: [{ id: 1, gift_id: 10001, image: '/img/gift/10001.svg', num: 3, rate: 100 }],
  },
  { type: 'gift.selfLog', text: 'アクティブファンのレベルが1に上がりました！' },
  { type: 'report.open', target: { kind: 'live' } },
  { type: 'user.unmute', userId: 2 },
  { type: 'recommended.use', comment: 'こんばんは！' },
  { type: 'draft.change', text: 'こんにちは' },
  { type: 'draft.change', text: '  ' },
  // 51 emoji: 102 UTF-16 units, 51 characters as the server counts them (one too many).
  { type: 'draft.change', text: '😀'.repeat(51) },
  { type: 'comment.submit' },
  { type: 'comment.stamp', text: '🌸' },
  // The comment sent was 'こんにちは'; a draft typed while it was on its way may differ.
  { type: 'xstate.done.actor.postComment', output: { text: 'こんにちは', missionAchieved: false } },
  { type: 'xstate.done.actor.postComment', output: { text: 'こんにちは', missionAchieved: true } },
  { type: 'mission.achieved' },
  { type: 'mission.rewarded', rewardType: 'gift' },
  { type: 'xstate.error.actor.postComment', error: serverError(403, 'SMS_NOT_AUTHENTICATED') },
  { type: 'xstate.error.actor.postComment', error: serverError(429) },
  {
    type: 'push.comments',
    comments: [
      {
        comment: 'やっほー',
        name: 'a',
        user_id: 2,
        avatar_id: 1,
        avatar_url: '',
        ua: 0,
        aft: 0,
        created_at: 1,
      },
    ],
  },
  {
    type: 'push.eventStanding',
    standing: {
      eventId: 1,
      eventName: 'ウィンターカップ',
      endedAt: 1_800_000_000,
      rank: 2,
      point: 160,
      gap: 5,
    },
  },
  // Another event the room is also in (the demo's rooms are in two at once).
  {
    type: 'push.eventStanding',
    standing: {
      eventId: 2,
      eventName: 'アイドルカップ',
      endedAt: 1_900_000_000,
      rank: 4,
      point: 90,
      gap: 1,
    },
  },
  { type: 'polling.result', viewers: 42, liveEnd: false },
  { type: 'polling.result', viewers: null, liveEnd: true },
  { type: 'push.liveEnd' },
  {
    type: 'xstate.done.actor.findNextRoom',
    output: { roomUrlKey: 'aoi_music', mainName: '青井 そら' },
  },
  { type: 'xstate.done.actor.findNextRoom', output: null },
  { type: 'xstate.error.actor.findNextRoom', error: new Error('offline') },
  { type: 'transition.go' },
  { type: 'transition.cancel' },
  ...delayedEvents(roomOnAirMachine),
] as Array<EventFromLogic<typeof roomOnAirMachine>>
