import { afterAll, describe, expect, it } from 'vitest'
import { createActor, type EventFromLogic } from 'xstate'
import { LOG_TARGET, isCounterComment, type CommentEntry } from '../../src/domain/comments.ts'
import { commentStreamMachine } from '../../src/machines/comment-stream/comment-stream.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

type Event = EventFromLogic<typeof commentStreamMachine>

let serial = 0
const comment = (text: string, userId = 1): CommentEntry => ({
  comment: text,
  name: `u${userId}`,
  user_id: userId,
  avatar_id: 1,
  avatar_url: '',
  ua: 0,
  aft: 0,
  created_at: ++serial,
})

const events: Event[] = [
  { type: 'comments.received', comments: [comment('こんにちは', 1)] },
  { type: 'comments.received', comments: [comment('５０', 1)] },
  { type: 'comments.received', comments: [comment('かわいい', 2)] },
  // A frame's worth: a counter comment among them is dropped, the others kept in order.
  {
    type: 'comments.received',
    comments: [comment('１', 1), comment('やった', 2), comment('またね', 1)],
  },
  { type: 'log.received', log: { id: 'a', targetType: LOG_TARGET.all, userId: 2, text: 'ギフト' } },
  {
    type: 'log.received',
    log: { id: 'b', targetType: LOG_TARGET.owner, userId: 3, text: 'owner' },
  },
  { type: 'view.scrolled', atLatest: false },
  { type: 'view.scrolled', atLatest: true },
  { type: 'comments.jump' },
  { type: 'user.mute', userId: 2 },
  { type: 'user.unmute', userId: 2 },
  { type: 'welcome.received', welcome: { comment: 'ようこそ', isPinned: true } },
  { type: 'welcome.received', welcome: { comment: '', isPinned: false } },
]

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

function checkInvariants(s: ReturnType<typeof commentStreamMachine.transition>) {
  const c = s.context
  expect(c.stock.length).toBeLessThanOrEqual(100)
  expect(c.visibleCount).toBeGreaterThanOrEqual(50)
  expect(c.visibleCount).toBeLessThanOrEqual(100)
  expect(c.comments.length).toBeLessThanOrEqual(c.visibleCount)
  for (const shown of c.comments) {
    expect(isCounterComment(shown.comment)).toBe(false)
    expect(c.mutedUserIds).not.toContain(shown.user_id)
  }
  if (c.stock.length > 0) expect(c.hasNew).toBe(true)
}

describe('comment stream machine graph', () => {
  it('reaches every state and transition, as a viewer and as the owner, with the SPEC invariants on every edge', () => {
    const missing: string[][] = []
    for (const isOwner of [false, true]) {
      const result = walkMachine(commentStreamMachine, {
        input: { isOwner, userId: 1 },
        events,
        key: (s) => ({
          value: s.value,
          n: Math.min(s.context.comments.length, 3),
          stock: Math.min(s.context.stock.length, 3),
          hasNew: s.context.hasNew,
          muted: s.context.mutedUserIds,
          welcome: s.context.welcome?.comment ?? null,
        }),
        invariant: (from, event, to) => {
          checkInvariants(to)
          // A frame's comments land together, in the order they came, on the list or in the stock.
          if (event.type === 'comments.received') {
            const arrived = event.comments.filter(
              (c) => !isCounterComment(c.comment) && !from.context.mutedUserIds.includes(c.user_id),
            )
            const into =
              from.matches('following') && !from.context.hasNew
                ? to.context.comments
                : to.context.stock
            if (arrived.length > 0) expect(into.slice(-arrived.length)).toEqual(arrived)
            else expect(to.context).toEqual(from.context)
          }
          if (event.type === 'welcome.received' && event.welcome.comment === '' && !isOwner) {
            expect(to.context.welcome).toEqual(from.context.welcome)
          }
          if (event.type === 'comments.jump') {
            expect(to.context.stock).toEqual([])
            expect(to.context.hasNew).toBe(false)
            expect(to.matches('following')).toBe(true)
          }
          if (
            event.type === 'log.received' &&
            event.log.targetType === LOG_TARGET.owner &&
            !isOwner
          ) {
            expect(to.context.logs).toEqual(from.context.logs)
            expect(to.context.logStock).toEqual(from.context.logStock)
          }
        },
      })
      results.push({ ...result, machine: `${result.machine} (${isOwner ? 'owner' : 'viewer'})` })
      expect(result.states.missing).toEqual([])
      missing.push(result.transitions.missing)
    }
    // A transition only one role can take (e.g. keeping the welcome comment) counts once reached.
    expect(missing[0]?.filter((t) => missing[1]?.includes(t))).toEqual([])
  })
})

describe('comment stream under load', () => {
  it('keeps 100 in the stock, grows the view to 100 at most, and flushes the newest', () => {
    const actor = createActor(commentStreamMachine, {
      input: { isOwner: false, userId: null },
    }).start()
    for (let i = 0; i < 30; i++)
      actor.send({ type: 'comments.received', comments: [comment(`first ${i}`)] })
    expect(actor.getSnapshot().context.comments).toHaveLength(30)
    actor.send({ type: 'view.scrolled', atLatest: false })
    for (let i = 0; i < 250; i++)
      actor.send({ type: 'comments.received', comments: [comment(`later ${i}`)] })
    const away = actor.getSnapshot().context
    expect(away.stock).toHaveLength(100)
    expect(away.stock[0]?.comment).toBe('later 150')
    expect(away.visibleCount).toBe(100)
    expect(away.comments).toHaveLength(30)
    actor.send({ type: 'comments.jump' })
    const flushed = actor.getSnapshot().context
    expect(flushed.comments).toHaveLength(100)
    expect(flushed.comments.at(-1)?.comment).toBe('later 249')
    expect(flushed.hasNew).toBe(false)
    actor.send({ type: 'comments.received', comments: [comment('live again')] })
    expect(actor.getSnapshot().context.comments.at(-1)?.comment).toBe('live again')
  })

  it('starts from the comment log without counters or muted users, 50 at most', () => {
    const initial = [
      ...Array.from({ length: 80 }, (_, i) => comment(`c${i}`, 1)),
      comment('３', 1),
      comment('muted', 9),
    ]
    const actor = createActor(commentStreamMachine, {
      input: { isOwner: false, userId: 1, mutedUserIds: [9], initial },
    }).start()
    const shown = actor.getSnapshot().context.comments
    expect(shown).toHaveLength(50)
    expect(shown.at(-1)?.comment).toBe('c79')
  })
})
