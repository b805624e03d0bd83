import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { roomMachine, type LoadedRoom } from '../../src/machines/room/room.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

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
