import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseFrame } from '../../src/effects/push-socket.ts'

const recorded = JSON.parse(
  fs.readFileSync(
    path.resolve(
      import.meta.dirname,
      '../../../shared/fixtures/showroom-api/broadcast_ws_messages.json',
    ),
    'utf8',
  ),
) as { frames: Array<{ dir: string; key?: string; payload?: Record<string, unknown> }> }

const msg = (payload: Record<string, unknown>) => `MSG\tkey:1\t${JSON.stringify(payload)}`

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

  it("reads Kirari's own frames: welcome comment, system logs, votes, live end", () => {
    expect(parseFrame(msg({ t: 201, comment: 'ようこそ' }))).toEqual({
      type: 'push.welcome',
      comment: 'ようこそ',
    })
    expect(
      parseFrame(
        msg({
          t: 202,
          target_type: 2,
          user_id: 5,
          text: 'AさんがフォローしましたA',
          created_at: 1,
        }),
      ),
    ).toMatchObject({ type: 'push.log', log: { targetType: 2, userId: 5 } })
    expect(parseFrame(msg({ t: 202, target_type: 9, text: 'x' }))).toBeNull()
    expect(parseFrame(msg({ t: 3, enquete_id: 1, options: 3 }))).toEqual({
      type: 'push.voteStarted',
    })
    expect(parseFrame(msg({ t: 4, results: [] }))).toEqual({ type: 'push.voteEnded', results: [] })
    expect(parseFrame(msg({ t: 101 }))).toEqual({ type: 'push.liveEnd' })
    expect(parseFrame('ACK\tshowroom')).toBeNull()
    expect(parseFrame('MSG\tkey\tnot json')).toBeNull()
  })
})
