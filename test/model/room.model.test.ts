import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import { commentProblem } from '../../src/domain/comments.ts'
import { STAGE_MAX } from '../../src/domain/room.ts'
import { roomMachine } from '../../src/machines/room/room.machine.ts'
import { roomOffAirMachine, roomOnAirMachine } from '../../src/machines/room/room-visit.machine.ts'
import { coverageLine, mergeWalks, walkMachine, type WalkResult } from './graph-walk.ts'
import { loaded, serverError, visitEvents as events } from './room-fixtures.ts'

const visits: WalkResult[] = []
const rooms: WalkResult[] = []
afterAll(() => {
  console.log(coverageLine(mergeWalks(rooms)))
  console.log(coverageLine(mergeWalks(visits)))
})

describe('room machine graph (the loading)', () => {
  const missing = serverError(404)
  const roomEvents = [
    { type: 'xstate.done.actor.loadRoom', output: loaded(true) },
    { type: 'xstate.done.actor.loadRoom', output: loaded(false) },
    { type: 'xstate.error.actor.loadRoom', error: missing },
    { type: 'xstate.error.actor.loadRoom', error: serverError(500) },
    { type: 'room.retry' },
  ] as Array<EventFromLogic<typeof roomMachine>>

  it('loads the room once and hands it to the visit, on air or off air; a failed load says 404 or not', () => {
    const result = walkMachine(roomMachine, {
      input: { roomUrlKey: 'kirari_hoshino', userId: 1 },
      events: roomEvents,
      key: (s) => ({ value: s.value, notFound: s.context.notFound }),
      invariant: (from, event, to) => {
        if (!from.can(event)) {
          expect(to.value).toEqual(from.value)
          expect(to.context).toEqual(from.context)
        }
        if (event.type === 'xstate.error.actor.loadRoom' && from.matches('loading')) {
          expect(to.matches('failed')).toBe(true)
          expect(to.context.notFound).toBe(event.error === missing)
        }
        // Loaded, the visit runs with the very room that loaded: never null, never a room 0.
        if (event.type === 'xstate.done.actor.loadRoom' && from.matches('loading')) {
          expect(to.matches(event.output.room.isLive ? 'onAir' : 'offAir')).toBe(true)
          const visit = to.children.visit?.getSnapshot()
          expect(visit?.context.room).toBe(event.output.room)
          expect(visit?.matches(event.output.room.isLive ? 'live' : 'offAir')).toBe(true)
        }
        if (to.matches('loading')) expect(to.children.visit).toBeUndefined()
      },
    })
    rooms.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})

describe('room visit graph (the loaded room)', () => {
  const cases = [
    { name: 'on air', machine: roomOnAirMachine, room: loaded(true) },
    { name: 'on air, as its owner', machine: roomOnAirMachine, room: loaded(true, true) },
    {
      name: 'on air while its video is interrupted',
      machine: roomOnAirMachine,
      room: loaded(true, false, true),
    },
    { name: 'off air', machine: roomOffAirMachine, room: loaded(false) },
  ]
  for (const { name, machine, room } of cases)
    for (const userId of [1, null]) {
      it(`walks every state ${name} for ${userId === null ? 'an anonymous visitor' : 'a logged-in viewer'}; typed text survives failures`, () => {
        const result = walkMachine(machine, {
          input: { roomUrlKey: 'kirari_hoshino', userId, loaded: room },
          events,
          // Only the context that can change what happens next in that state: typed text and
          // follow state while live, the seconds left while counting down.
          key: (s) => ({
            value: s.value,
            ...(s.matches('live') && {
              draft: s.context.draft,
              viewers: s.context.viewers,
              followSaving: s.context.followSaving,
              following: s.context.room.isFollowing,
              giftSound: s.context.giftSound,
              interrupted: s.context.interrupted,
            }),
            ...(s.matches({ ended: 'countingDown' }) && { countdown: s.context.countdown }),
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
              from.matches({ live: { composer: 'sending' } })
            ) {
              expect(to.context.draft).toBe(from.context.draft)
            }
            if (
              type === 'xstate.done.actor.postComment' &&
              from.matches({ live: { composer: 'sending' } })
            ) {
              // The box empties of what was sent; text typed meanwhile survives.
              const sent = from.context.stamp === null && from.context.draft.trim() === 'こんにちは'
              expect(to.context.draft).toBe(sent ? '' : from.context.draft)
            }
            // A theme's stamp goes out on its own: the typed text is left as it was.
            if (event.type === 'comment.stamp') expect(to.context.draft).toBe(from.context.draft)
            if (
              type === 'xstate.done.actor.postComment' &&
              from.matches({ live: { composer: 'sending' } }) &&
              from.context.stamp !== null
            ) {
              expect(to.context.draft).toBe(from.context.draft)
              expect(to.context.stamp).toBeNull()
            }
            if (
              event.type === 'comment.submit' &&
              from.context.draft.trim() === '' &&
              from.matches({ live: { composer: 'idle' } })
            ) {
              expect(to.matches({ live: { composer: 'sending' } })).toBe(false)
            }
            // Too long as the server counts: refused here, the text kept.
            if (
              event.type === 'comment.submit' &&
              commentProblem(from.context.draft) === 'tooLong' &&
              from.matches({ live: { composer: 'idle' } })
            ) {
              expect(to.matches({ live: { composer: 'sending' } })).toBe(false)
              expect(to.context.draft).toBe(from.context.draft)
            }
            // A mission's news tells the panel and the toast; the room itself stays as it was.
            if (event.type === 'mission.achieved' || event.type === 'mission.rewarded') {
              expect(to.value).toEqual(from.value)
              expect(to.context).toEqual(from.context)
            }
            // The overlay follows the latest word on the video (t:205), and nothing else moves it.
            if (event.type === 'push.interrupted' && from.matches('live'))
              expect(to.context.interrupted).toBe(event.interrupted)
            else expect(to.context.interrupted).toBe(from.context.interrupted)
            // On air, the event badge follows every standing of its event the push socket brings,
            // and stays on that event when another event the room is also in moves.
            if (event.type === 'push.eventStanding' && from.matches('live')) {
              const other =
                from.context.event !== null && from.context.event.eventId !== event.standing.eventId
              expect(to.context.event).toEqual(other ? from.context.event : event.standing)
            }
            // The room is always there, and only a follow answer changes it.
            if (event.type !== 'xstate.done.actor.follow')
              expect(to.context.room).toBe(from.context.room)
            // An anonymous visitor's send opens the login (the machine decides, not the view).
            if (event.type === 'comment.submit' && from.context.userId === null)
              expect(to.matches({ live: { composer: 'sending' } })).toBe(false)
            // Muted users' gifts are neither logged nor on the stage; the stage stays small.
            const muted = new Set(to.context.muted.map((m) => m.userId))
            expect(to.context.giftLog.filter((g) => muted.has(g.user_id))).toEqual([])
            expect(to.context.stage.filter((g) => muted.has(g.gift.user_id))).toEqual([])
            expect(to.context.stage.length).toBeLessThanOrEqual(STAGE_MAX)
            expect(to.context.countdown).toBeGreaterThanOrEqual(0)
            expect(to.context.countdown).toBeLessThanOrEqual(60)
            if (to.matches({ ended: 'leaving' }) && !from.matches({ ended: 'leaving' })) {
              expect(from.matches({ ended: 'countingDown' })).toBe(true)
              expect(to.context.next).not.toBeNull()
            }
            // Following needs an account, and one change is in flight at a time.
            if (event.type === 'follow.toggle') {
              if (userId === null || from.context.followSaving)
                expect(to.context.followSaving).toBe(from.context.followSaving)
            }
            if (userId === null) expect(to.context.followSaving).toBe(false)
          },
        })
        visits.push(result)
      }, 120_000)
    }

  it('reaches every state and transition over all walks', () => {
    const merged = mergeWalks(visits)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })
})
