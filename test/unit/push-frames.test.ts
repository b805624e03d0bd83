import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildFrame, type FrameFields, type FrameType } from '../../src/contract/push.ts'
import { avatarUrl } from '../../src/domain/avatar.ts'
import { parseFrame, reconnectDelay } from '../../src/effects/push-socket.ts'

const recorded = JSON.parse(
  fs.readFileSync(
    path.resolve(
      import.meta.dirname,
      '../../../shared/fixtures/showroom-api/broadcast_ws_messages.json',
    ),
    'utf8',
  ),
) as { frames: Array<{ dir: string; key?: string; payload?: Record<string, unknown> }> }

const msg = (payload: object) => `MSG\tkey:1\t${JSON.stringify(payload)}`

describe('push frames as room events', () => {
  it('reads the recorded comment, gift and telop frames', () => {
    const types = recorded.frames
      .filter((f) => f.dir === 'server' && f.payload)
      .map((f) => parseFrame(msg(f.payload ?? {}))?.type ?? null)
    expect(types).toContain('push.comment')
    expect(types).toContain('push.gift')
    expect(types).toContain('push.telop')
    const gift = recorded.frames.find((f) => f.payload?.t === '2')?.payload ?? {}
    expect(parseFrame(msg(gift))).toMatchObject({
      type: 'push.gift',
      gift: { gift_id: gift.g, num: gift.n, user_id: gift.u, name: gift.ac },
    })
  })

  it('round-trips every frame of the contract: what the server builds, the app reads', () => {
    const built = <T extends FrameType>(t: T, fields: FrameFields<T>) => msg(buildFrame(t, fields))
    const base = { ua: 0, at: 0, created_at: 1700000000 }
    const cases: Array<[string, ReturnType<typeof parseFrame>]> = [
      [
        built('1', { ...base, cm: 'こんばんは', ac: 'ひかり', u: 7, av: 12 }),
        {
          type: 'push.comment',
          comment: {
            comment: 'こんばんは',
            name: 'ひかり',
            user_id: 7,
            avatar_id: 12,
            avatar_url: avatarUrl(12),
            ua: 0,
            aft: 0,
            created_at: 1700000000,
          },
        },
      ],
      [
        built('2', { ...base, n: 10, g: 1001, gt: 2, ac: 'ひかり', u: 7, av: 3, h: 0 }),
        {
          type: 'push.gift',
          gift: {
            avatar_id: 3,
            avatar_url: avatarUrl(3),
            name: 'ひかり',
            gift_id: 1001,
            num: 10,
            ua: 0,
            created_at: 1700000000,
            user_id: 7,
            aft: 0,
            image: '/img/gift/1001.svg',
            image2: '',
          },
        },
      ],
      [built('3', { enquete_id: 4, options: 3, created_at: 1 }), { type: 'push.voteStarted' }],
      [
        built('4', {
          enquete_id: 4,
          results: [{ id: 1, gift_id: 2001, image: '/img/gift/2001.svg', num: 5, rate: 100 }],
        }),
        {
          type: 'push.voteEnded',
          results: [{ id: 1, gift_id: 2001, image: '/img/gift/2001.svg', num: 5, rate: 100 }],
        },
      ],
      [
        built('8', {
          telop: '100日記念',
          telops: [{ text: '100日記念', type: 'user', color: { r: 255, g: 255, b: 255 } }],
          interval: 6000,
          api: 'https://live.example.jp/api/live/telop?live_id=1',
        }),
        { type: 'push.telop', telop: '100日記念' },
      ],
      [built('101', { created_at: 1 }), { type: 'push.liveEnd' }],
      [
        built('201', { comment: 'ようこそ', is_pinned: true, created_at: 1 }),
        { type: 'push.welcome', comment: 'ようこそ' },
      ],
      [
        built('202', {
          target_type: 2,
          user_id: 5,
          text: 'Aさんがフォローしました',
          created_at: 1,
        }),
        {
          type: 'push.log',
          log: {
            id: 'log-1-5-Aさんがフォローしました',
            targetType: 2,
            userId: 5,
            text: 'Aさんがフォローしました',
          },
        },
      ],
      [
        built('203', {
          event_id: 4,
          event_name: 'ウィンターカップ',
          ended_at: 1700600000,
          rank: 2,
          point: 1200,
          gap: 300,
          next_rank: 1,
          lower_rank: 3,
          lower_gap: 50,
          created_at: 1,
        }),
        {
          type: 'push.eventStanding',
          standing: {
            eventId: 4,
            eventName: 'ウィンターカップ',
            endedAt: 1700600000,
            rank: 2,
            point: 1200,
            gap: 300,
          },
        },
      ],
      [
        built('205', { interrupted: true, reason: 'disconnected', created_at: 1 }),
        { type: 'push.interrupted', interrupted: true, reason: 'disconnected' },
      ],
      [
        built('205', { interrupted: false, reason: 'stalled', created_at: 1 }),
        { type: 'push.interrupted', interrupted: false, reason: 'stalled' },
      ],
    ]
    for (const [frame, event] of cases) expect(parseFrame(frame), frame).toEqual(event)
  })

  it('drops a frame that does not fit its type rather than guess what it meant', () => {
    // Once these were read with defaults: a comment of user 0, a welcome with no pin state.
    expect(parseFrame(msg({ t: '1', cm: 'hi' }))).toBeNull()
    expect(parseFrame(msg({ t: 201, comment: 'ようこそ' }))).toBeNull()
    expect(parseFrame(msg({ t: 202, target_type: 9, text: 'x', created_at: 1 }))).toBeNull()
    expect(parseFrame(msg({ t: 4, enquete_id: 1, results: [{ id: 'x' }] }))).toBeNull()
    expect(parseFrame(msg({ t: 205, interrupted: true, reason: 'x', created_at: 1 }))).toBeNull()
    expect(parseFrame(msg({ t: 205, interrupted: 1, reason: 'stalled', created_at: 1 }))).toBeNull()
    expect(parseFrame(msg({ t: 999 }))).toBeNull()
    expect(parseFrame(msg({ t: 'constructor' }))).toBeNull()
    expect(parseFrame(msg({ t: '__proto__' }))).toBeNull()
    expect(parseFrame('ACK\tshowroom')).toBeNull()
    expect(parseFrame('MSG\tkey\tnot json')).toBeNull()
  })
})

describe('reconnect waits of the push socket', () => {
  it('double up to 30 s, each a random point in the upper half, so sockets spread out', () => {
    expect(reconnectDelay(1, () => 0)).toBe(500)
    expect(reconnectDelay(1, () => 1)).toBe(1000)
    expect(reconnectDelay(2, () => 0.5)).toBe(1500)
    expect(reconnectDelay(20, () => 0)).toBe(15_000)
    expect(reconnectDelay(20, () => 1)).toBe(30_000)
    // 2,000 sockets of a dead process: their first retries spread over the whole half second.
    const waits = Array.from({ length: 2000 }, () => reconnectDelay(1))
    const perTenth = new Map<number, number>()
    for (const w of waits)
      perTenth.set(Math.floor(w / 100), (perTenth.get(Math.floor(w / 100)) ?? 0) + 1)
    expect(Math.max(...perTenth.values())).toBeLessThan(600)
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(500)
  })
})
