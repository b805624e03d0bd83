import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { commentProblem } from '../../src/domain/comments.ts'
import { STAGE_MAX, type LoadedRoom } from '../../src/domain/room.ts'
import { roomMachine } from '../../src/machines/room/room.machine.ts'
import { pollingMachine, type PollResult } from '../../src/machines/polling/polling.machine.ts'
import { reportMachine, type ReportCategory } from '../../src/machines/report/report.machine.ts'
import {
  coverageLine,
  delayedEvents,
  mergeWalks,
  walkMachine,
  type WalkResult,
} from './graph-walk.ts'

type Event = EventFromLogic<typeof roomMachine>

const loaded = (isLive: boolean, isOwner = false): LoadedRoom => ({
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
})
const giftEntry = (userId: number) => ({
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
const serverError = (status: number, errorType: string | null = null) =>
  new ApiRequestError({ kind: 'server', status, message: 'x', errorType, redirectUrl: null })

const events = [
  { type: 'xstate.done.actor.loadRoom', output: loaded(true) },
  { type: 'xstate.done.actor.loadRoom', output: loaded(false) },
  { type: 'xstate.done.actor.loadRoom', output: loaded(true, true) },
  { type: 'follow.toggle' },
  { type: 'xstate.done.actor.follow', output: { isFollowing: true, followerNum: 2 } },
  { type: 'xstate.error.actor.follow', error: serverError(500) },
  { type: 'push.telop', telop: '今日は歌枠です' },
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
  { type: 'xstate.error.actor.loadRoom', error: serverError(404) },
  { type: 'room.retry' },
  { type: 'draft.change', text: 'こんにちは' },
  { type: 'draft.change', text: '  ' },
  // 51 emoji: 102 UTF-16 units, 51 characters as the server counts them (one too many).
  { type: 'draft.change', text: '😀'.repeat(51) },
  { type: 'comment.submit' },
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
  ...delayedEvents(roomMachine),
] as Event[]

const results: WalkResult[] = []
afterAll(() => {
  console.log(coverageLine(mergeWalks(results)))
})

describe('room machine graph', () => {
  for (const userId of [1, null]) {
    it(`walks every state for ${userId === null ? 'an anonymous visitor' : 'a logged-in viewer'}; typed text survives failures`, () => {
      const result = walkMachine(roomMachine, {
        input: { roomUrlKey: 'kirari_hoshino', userId },
        events,
        // Only the context that can change what happens next in that state: typed text and
        // follow state while live, the seconds left while counting down, 404 or not when failed.
        key: (s) => ({
          value: s.value,
          ...(s.matches({ loaded: 'live' }) && {
            draft: s.context.draft,
            viewers: s.context.viewers,
            followSaving: s.context.followSaving,
            following: s.context.room?.isFollowing,
            giftSound: s.context.giftSound,
          }),
          ...(s.matches({ loaded: { ended: 'countingDown' } }) && {
            countdown: s.context.countdown,
          }),
          ...(s.matches('failed') && { notFound: s.context.notFound }),
        }),
        invariant: (from, event, to) => {
          const type = event.type as string
          // An event the state does not take changes nothing (no fallback that mutes user 0,
          // opens a report or jumps the list).
          if (!from.can(event)) {
            expect(to.value).toEqual(from.value)
            expect(to.context).toEqual(from.context)
          }
          if (
            type === 'xstate.error.actor.postComment' &&
            from.matches({ loaded: { live: { composer: 'sending' } } })
          ) {
            expect(to.context.draft).toBe(from.context.draft)
          }
          if (
            type === 'xstate.done.actor.postComment' &&
            from.matches({ loaded: { live: { composer: 'sending' } } })
          ) {
            // The box empties of what was sent; text typed meanwhile survives.
            const sent = from.context.draft.trim() === 'こんにちは'
            expect(to.context.draft).toBe(sent ? '' : from.context.draft)
          }
          if (
            event.type === 'comment.submit' &&
            from.context.draft.trim() === '' &&
            from.matches({ loaded: { live: { composer: 'idle' } } })
          ) {
            expect(to.matches({ loaded: { live: { composer: 'sending' } } })).toBe(false)
          }
          // Too long as the server counts: refused here, the text kept.
          if (
            event.type === 'comment.submit' &&
            commentProblem(from.context.draft) === 'tooLong' &&
            from.matches({ loaded: { live: { composer: 'idle' } } })
          ) {
            expect(to.matches({ loaded: { live: { composer: 'sending' } } })).toBe(false)
            expect(to.context.draft).toBe(from.context.draft)
          }
          // A mission's news tells the panel and the toast; the room itself stays as it was.
          if (event.type === 'mission.achieved' || event.type === 'mission.rewarded') {
            expect(to.value).toEqual(from.value)
            expect(to.context).toEqual(from.context)
          }
          // On air, the event badge follows every standing the push socket brings.
          if (event.type === 'push.eventStanding' && from.matches({ loaded: 'live' }))
            expect(to.context.event).toEqual(event.standing)
          // Loaded, the room is always there: nothing reads a room 0 or an empty key.
          if (to.matches('loaded')) expect(to.context.room).not.toBeNull()
          // An anonymous visitor's send opens the login (the machine decides, not the view).
          if (event.type === 'comment.submit' && from.context.userId === null)
            expect(to.matches({ loaded: { live: { composer: 'sending' } } })).toBe(false)
          // Muted users' gifts are neither logged nor on the stage; the stage stays small.
          const muted = new Set(to.context.muted.map((m) => m.userId))
          expect(to.context.giftLog.filter((g) => muted.has(g.user_id))).toEqual([])
          expect(to.context.stage.filter((g) => muted.has(g.gift.user_id))).toEqual([])
          expect(to.context.stage.length).toBeLessThanOrEqual(STAGE_MAX)
          expect(to.context.countdown).toBeGreaterThanOrEqual(0)
          expect(to.context.countdown).toBeLessThanOrEqual(60)
          if (
            to.matches({ loaded: { ended: 'leaving' } }) &&
            !from.matches({ loaded: { ended: 'leaving' } })
          ) {
            expect(from.matches({ loaded: { ended: 'countingDown' } })).toBe(true)
            expect(to.context.next).not.toBeNull()
          }
          if (type === 'xstate.error.actor.loadRoom' && from.matches('loading')) {
            expect(to.context.notFound).toBe(true)
          }
          // Following needs an account, and one change is in flight at a time.
          if (event.type === 'follow.toggle') {
            if (userId === null || from.context.followSaving)
              expect(to.context.followSaving).toBe(from.context.followSaving)
          }
          if (userId === null) expect(to.context.followSaving).toBe(false)
        },
      })
      results.push(result)
    }, 120_000)
  }

  it('reaches every state and transition over both walks', () => {
    const merged = mergeWalks(results)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })
})

describe('room end screen', () => {
  it('counts 60 seconds down and then goes to the next room, once', async () => {
    vi.useFakeTimers()
    try {
      const visits: string[] = []
      const actor = createActor(
        roomMachine.provide({
          actors: {
            loadRoom: fromPromise(() => Promise.resolve(loaded(true))),
            pushSocket: fromCallback(() => () => {}),
            polling: pollingMachine.provide({
              actors: { poll: fromPromise(() => new Promise<PollResult>(() => {})) },
            }),
            findNextRoom: fromPromise(
              (): Promise<{ roomUrlKey: string; mainName: string } | null> =>
                Promise.resolve({ roomUrlKey: 'aoi_music', mainName: '青井 そら' }),
            ),
          },
          actions: { goToRoom: (_, { roomUrlKey }) => visits.push(roomUrlKey) },
        }),
        { input: { roomUrlKey: 'kirari_hoshino', userId: null } },
      ).start()
      await vi.advanceTimersByTimeAsync(0)
      actor.send({ type: 'push.liveEnd' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.countdown).toBe(60)
      await vi.advanceTimersByTimeAsync(30_000)
      expect(actor.getSnapshot().context.countdown).toBe(30)
      expect(visits).toEqual([])
      await vi.advanceTimersByTimeAsync(30_000)
      expect(visits).toEqual(['aoi_music'])
      await vi.advanceTimersByTimeAsync(10_000)
      expect(visits).toEqual(['aoi_music'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('room mutes and reports', () => {
  const comment = (userId: number, text: string, at: number) => ({
    comment: text,
    name: `user${userId}`,
    user_id: userId,
    avatar_id: 1,
    avatar_url: '',
    ua: 0,
    aft: 0,
    created_at: at,
  })

  const start = (userId: number | null, muted: LoadedRoom['muted']) => {
    const saved: Array<{ roomId: number; muted: LoadedRoom['muted'] }> = []
    const logins: string[] = []
    const room: LoadedRoom = {
      ...loaded(true),
      muted,
      commentLog: [comment(3, 'ミュート済み', 2), comment(2, 'こんばんは', 1)],
    }
    const actor = createActor(
      roomMachine.provide({
        actors: {
          loadRoom: fromPromise(() => Promise.resolve(room)),
          pushSocket: fromCallback(() => () => {}),
          polling: pollingMachine.provide({
            actors: { poll: fromPromise(() => new Promise<PollResult>(() => {})) },
          }),
          report: reportMachine.provide({
            actors: { loadCategories: fromPromise(() => new Promise<ReportCategory[]>(() => {})) },
          }),
        },
        actions: {
          saveMutes: (_, params) => saved.push(params),
          requireLogin: () => logins.push('login'),
        },
      }),
      { input: { roomUrlKey: 'kirari_hoshino', userId } },
    ).start()
    const visibleTexts = () =>
      (
        actor.getSnapshot().children.comments?.getSnapshot() as
          { context: { comments: Array<{ comment: string }> } } | undefined
      )?.context.comments.map((c) => c.comment)
    const reportState = () =>
      (actor.getSnapshot().children.report?.getSnapshot() as { value: string } | undefined)?.value
    return { actor, saved, logins, visibleTexts, reportState }
  }

  it('opens with the session mute list, mutes and unmutes, and saves the list each time', async () => {
    const { actor, saved, visibleTexts } = start(1, [{ userId: 3, name: 'user3' }])
    await waitFor(actor, (s) => s.matches({ loaded: 'live' }))
    expect(visibleTexts()).toEqual(['こんばんは'])

    actor.send({ type: 'user.mute', userId: 2, name: 'user2' })
    expect(visibleTexts()).toEqual([])
    expect(saved.at(-1)).toEqual({
      roomId: 1,
      muted: [
        { userId: 3, name: 'user3' },
        { userId: 2, name: 'user2' },
      ],
    })
    actor.send({ type: 'push.comments', comments: [comment(2, 'まだいる？', 3)] })
    actor.send({ type: 'push.comments', comments: [comment(4, 'はじめまして', 4)] })
    expect(visibleTexts()).toEqual(['はじめまして'])

    actor.send({ type: 'user.unmute', userId: 2 })
    expect(saved.at(-1)).toEqual({ roomId: 1, muted: [{ userId: 3, name: 'user3' }] })
    actor.send({ type: 'push.comments', comments: [comment(2, 'おかえり', 5)] })
    expect(visibleTexts()).toEqual(['はじめまして', 'おかえり'])
    actor.stop()
  })

  it('asks an anonymous visitor to log in before a report, and opens the dialog for a user', async () => {
    const anonymous = start(null, [])
    await waitFor(anonymous.actor, (s) => s.matches({ loaded: 'live' }))
    anonymous.actor.send({ type: 'report.open', target: { kind: 'live' } })
    expect(anonymous.logins).toEqual(['login'])
    expect(anonymous.reportState()).toBe('closed')
    anonymous.actor.stop()

    const viewer = start(1, [])
    await waitFor(viewer.actor, (s) => s.matches({ loaded: 'live' }))
    viewer.actor.send({
      type: 'report.open',
      target: { kind: 'user', userId: 2, name: 'user2' },
    })
    expect(viewer.logins).toEqual([])
    expect(viewer.reportState()).toBe('loading')
    viewer.actor.stop()
  })
})
