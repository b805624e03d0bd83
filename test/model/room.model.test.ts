import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { roomMachine, type LoadedRoom } from '../../src/machines/room/room.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

type Event = EventFromLogic<typeof roomMachine>

const loaded = (isLive: boolean): LoadedRoom => ({
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
    isOwner: false,
  },
  commentLog: [],
  streams: isLive
    ? [{ id: 100, type: 'hls_all', label: '自動', url: '/hls/kirari_hoshino/abr.m3u8' }]
    : [],
})
const serverError = (status: number, errorType: string | null = null) =>
  new ApiRequestError({ kind: 'server', status, message: 'x', errorType, redirectUrl: null })

const events = [
  { type: 'xstate.done.actor.loadRoom', output: loaded(true) },
  { type: 'xstate.done.actor.loadRoom', output: loaded(false) },
  { type: 'xstate.error.actor.loadRoom', error: serverError(404) },
  { type: 'room.retry' },
  { type: 'draft.change', text: 'こんにちは' },
  { type: 'draft.change', text: '  ' },
  { type: 'comment.submit' },
  { type: 'xstate.done.actor.postComment', output: { comment: 'こんにちは' } },
  { type: 'xstate.error.actor.postComment', error: serverError(403, 'SMS_NOT_AUTHENTICATED') },
  { type: 'xstate.error.actor.postComment', error: serverError(429) },
  {
    type: 'push.comment',
    comment: {
      comment: 'やっほー',
      name: 'a',
      user_id: 2,
      avatar_id: 1,
      avatar_url: '',
      ua: 0,
      aft: 0,
      created_at: 1,
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
  for (const r of results) console.log(coverageLine(r))
})

describe('room machine graph', () => {
  it('reaches every state and transition; the typed comment survives a failed send', () => {
    const result = walkMachine(roomMachine, {
      input: { roomUrlKey: 'kirari_hoshino', userId: 1 },
      events,
      key: (s) => ({
        value: s.value,
        draft: s.context.draft,
        viewers: s.context.viewers,
        notFound: s.context.notFound,
        countdown: s.context.countdown,
      }),
      invariant: (from, event, to) => {
        const type = event.type as string
        if (
          type === 'xstate.error.actor.postComment' &&
          from.matches({ live: { composer: 'sending' } })
        ) {
          expect(to.context.draft).toBe(from.context.draft)
        }
        if (
          type === 'xstate.done.actor.postComment' &&
          from.matches({ live: { composer: 'sending' } })
        ) {
          expect(to.context.draft).toBe('')
        }
        if (
          event.type === 'comment.submit' &&
          from.context.draft.trim() === '' &&
          from.matches({ live: { composer: 'idle' } })
        ) {
          expect(to.matches({ live: { composer: 'sending' } })).toBe(false)
        }
        expect(to.context.countdown).toBeGreaterThanOrEqual(0)
        expect(to.context.countdown).toBeLessThanOrEqual(60)
        if (to.matches({ ended: 'leaving' }) && !from.matches({ ended: 'leaving' })) {
          expect(from.matches({ ended: 'countingDown' })).toBe(true)
          expect(to.context.next).not.toBeNull()
        }
        if (type === 'xstate.error.actor.loadRoom' && from.matches('loading')) {
          expect(to.context.notFound).toBe(true)
        }
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  }, 60_000)
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
            polling: fromCallback(() => () => {}),
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
