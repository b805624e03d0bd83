import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type { RoomGradeAnswer } from '../../src/contract/grade.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  gradeMachine,
  secondsLeft,
  type GradeLoad,
} from '../../src/machines/grade/grade.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const T0 = 1_800_000_000_000

const grade = (over: Partial<RoomGradeAnswer> = {}): RoomGradeAnswer => ({
  room_id: 3,
  is_displayed: true,
  current_room_grade_id: 2,
  image_url: '/img/grade/2.svg',
  frame_image_url: '/img/grade/2-frame.svg',
  remaining_seconds: 5,
  next_aggregation_at: T0 / 1000 + 5,
  aggregation_status: 0,
  room_grade_meter_position: 40,
  score: 1600,
  room_grade_list: [],
  room_grade_border_list: [],
  starting_room_grade_id: 2,
  starting_room_grade_image_url: '/img/grade/2.svg',
  starting_room_grade_frame_image_url: '/img/grade/2-frame.svg',
  exist_last_week_room_grade: false,
  room_grade_before_aggregation: null,
  room_grade_after_aggregation: null,
  last_week_score: 0,
  last_week_starting_room_grade_name: '',
  ...over,
})
const load = (over: Partial<RoomGradeAnswer> = {}): GradeLoad => ({ grade: grade(over), atMs: T0 })

const events = [
  { type: 'xstate.done.actor.loadGrade', output: load() },
  { type: 'xstate.done.actor.loadGrade', output: load({ aggregation_status: 1 }) },
  { type: 'xstate.done.actor.loadGrade', output: load({ remaining_seconds: 0 }) },
  { type: 'xstate.done.actor.loadGrade', output: load({ is_displayed: false }) },
  { type: 'xstate.done.actor.loadGrade', output: null },
  { type: 'xstate.error.actor.loadGrade', error: lost },
  { type: 'grade.retry' },
  { type: 'clock.tick', nowMs: T0 + 1_000 },
  { type: 'clock.tick', nowMs: T0 + 5_000 },
  ...delayedEvents(gradeMachine),
] as Array<EventFromLogic<typeof gradeMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('grade machine graph', () => {
  it('counts down to the aggregation, loads again at zero, and waits out an aggregation', () => {
    const walk = walkMachine(gradeMachine, {
      input: { roomUrlKey: 'demo_liver_room', nowMs: T0 },
      events,
      key: (s) => ({
        value: s.value,
        loaded: s.context.grade !== null,
        left: secondsLeft(s.context),
      }),
      invariant: (from, event, to) => {
        // The countdown never runs without a grade, nor past zero.
        if (to.matches('counting')) {
          expect(to.context.grade).not.toBeNull()
          expect(secondsLeft(to.context)).toBeGreaterThan(0)
        }
        if (to.matches('official')) expect(to.context.grade?.is_displayed).toBe(false)
        // A grade once shown stays while it loads again.
        if (from.context.grade !== null) expect(to.context.grade).not.toBeNull()
        if (from.matches('counting') && to.matches('loading')) expect(event.type).toBe('clock.tick')
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('counts from the server’s remaining seconds, not the device’s idea of the date', () => {
    expect(secondsLeft({ aggregationAtMs: T0 + 5_000, nowMs: T0 + 1 })).toBe(5)
    expect(secondsLeft({ aggregationAtMs: T0 + 5_000, nowMs: T0 + 6_000 })).toBe(0)
  })
})
