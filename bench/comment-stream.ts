import { createActor } from 'xstate'
import type { CommentEntry } from '../src/domain/comments.ts'
import { commentStreamMachine } from '../src/machines/comment-stream/comment-stream.machine.ts'
import type { BenchResult } from './report.ts'

const comment = (i: number): CommentEntry => ({
  // Every 10th is a hidden counter, as on a busy SHOWROOM room.
  comment: i % 10 === 0 ? String(i % 50) : `コメント${i}`,
  name: `視聴者${i % 97}`,
  user_id: (i % 97) + 1,
  avatar_id: i % 8,
  avatar_url: `/img/avatar/${i % 8}.svg`,
  ua: 0,
  aft: 0,
  created_at: 1_700_000_000 + Math.floor(i / 50),
})

/**
 * The comment stream machine alone, in Node: comments sent one event each, half the time at the
 * latest (appended) and half scrolled away (stocked), with a muted user among the senders.
 */
export function benchCommentStream(options: { quick: boolean }): BenchResult {
  const durationMs = options.quick ? 600 : 3000
  const pool = Array.from({ length: 10_000 }, (_, i) => comment(i))
  const actor = createActor(commentStreamMachine, {
    input: { isOwner: false, userId: 1, mutedUserIds: [13] },
  }).start()

  // Warm up the JIT before the clock starts.
  for (let i = 0; i < 20_000; i++) {
    const next = pool[i % pool.length]
    if (next) actor.send({ type: 'comments.received', comments: [next] })
  }

  // Three rounds; the median is reported, so one slow round (a GC, a busy core) does not decide.
  const rounds: number[] = []
  let events = 0
  for (let round = 0; round < 3; round++) {
    let sent = 0
    const start = performance.now()
    let now = start
    while (now - start < durationMs / 3) {
      for (let i = 0; i < 1000; i++) {
        const next = pool[(events + i) % pool.length]
        if (next) actor.send({ type: 'comments.received', comments: [next] })
      }
      events += 1000
      sent += 1000
      // Every 5,000 comments the viewer scrolls away or comes back (and flushes the stock).
      if (events % 5000 === 0) {
        const away = (events / 5000) % 2 === 1
        actor.send({ type: 'view.scrolled', atLatest: !away })
        if (!away) actor.send({ type: 'comments.jump' })
        sent += away ? 1 : 2
      }
      now = performance.now()
    }
    rounds.push(sent / ((now - start) / 1000))
  }
  const perSecond = [...rounds].sort((a, b) => a - b)[1] ?? 0
  const snapshot = actor.getSnapshot()
  actor.stop()
  return {
    name: 'comment-stream-node',
    description: 'comment stream machine events per second in Node (append, stock, hide, mute)',
    quick: options.quick,
    at: new Date().toISOString(),
    measures: [
      {
        name: 'events per second',
        value: Math.round(perSecond),
        unit: 'ev/s',
        target: { kind: 'min', value: 200_000 },
      },
      {
        name: 'visible comments at the end',
        value: snapshot.context.comments.length,
        unit: 'rows',
        target: { kind: 'max', value: 100 },
      },
    ],
  }
}
