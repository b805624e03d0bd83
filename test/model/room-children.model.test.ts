import { afterAll, describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  POLLING_INTERVAL_MS,
  POLLING_MAX_BACKOFF_MS,
  backoffMs,
  pollingMachine,
  type PollResult,
} from '../../src/machines/polling/polling.machine.ts'
import { REPORT_COMMENT_MAX, reportMachine } from '../../src/machines/report/report.machine.ts'
import {
  WELCOME_COMMENT_MAX,
  welcomeEditorMachine,
} from '../../src/machines/welcome-editor/welcome-editor.machine.ts'
import {
  coverageLine,
  delayedEvents,
  mergeWalks,
  walkMachine,
  type WalkResult,
} from './graph-walk.ts'

const serverError = (status: number) =>
  new ApiRequestError({ kind: 'server', status, message: 'x', errorType: null, redirectUrl: null })

const printed: WalkResult[] = []
afterAll(() => {
  for (const r of printed) console.log(coverageLine(r))
})

describe('polling machine graph', () => {
  const poll = (patch: Partial<PollResult>): PollResult => ({
    liveEnd: false,
    viewers: 42,
    toast: null,
    missionAchieved: false,
    ...patch,
  })
  const events = [
    { type: 'polling.now' },
    { type: 'xstate.done.actor.poll', output: poll({}) },
    { type: 'xstate.done.actor.poll', output: poll({ toast: 'メンテナンスのお知らせ' }) },
    { type: 'xstate.done.actor.poll', output: poll({ missionAchieved: true }) },
    { type: 'xstate.done.actor.poll', output: poll({ liveEnd: true, viewers: null }) },
    { type: 'xstate.error.actor.poll', error: new Error('offline') },
    ...delayedEvents(pollingMachine),
  ] as Array<EventFromLogic<typeof pollingMachine>>

  it('reaches every state and transition; stops for good at live end; backs off on failure', () => {
    // Walked alone, without the room as its parent to hear its reports.
    const alone = pollingMachine.provide({ actions: { report: () => {}, toast: () => {} } })
    const result = walkMachine(alone, {
      input: { roomId: 1 },
      events,
      key: (s) => ({ value: s.value, failures: Math.min(s.context.failures, 5) }),
      invariant: (from, event, to) => {
        if (from.matches('stopped')) expect(to.value).toBe('stopped')
        if (event.type === ('xstate.error.actor.poll' as string) && from.matches('fetching'))
          expect(to.context.failures).toBe(from.context.failures + 1)
        if (event.type === ('xstate.done.actor.poll' as string) && to.matches('waiting'))
          expect(to.context.failures).toBe(0)
      },
    })
    printed.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('waits 30 s, then doubles after each failure up to 5 minutes', () => {
    expect(backoffMs(0)).toBe(POLLING_INTERVAL_MS)
    expect(backoffMs(1)).toBe(30_000)
    expect(backoffMs(2)).toBe(60_000)
    expect(backoffMs(3)).toBe(120_000)
    expect(backoffMs(5)).toBe(POLLING_MAX_BACKOFF_MS)
    expect(backoffMs(50)).toBe(POLLING_MAX_BACKOFF_MS)
  })

  it('tells its parent the viewers and the toast, and stops asking once the live ends', async () => {
    const answers: PollResult[] = [
      poll({ viewers: 7, toast: 'ようこそ', missionAchieved: true }),
      poll({ liveEnd: true, viewers: null }),
    ]
    let calls = 0
    const heard: unknown[] = []
    const parent = createMachine({
      invoke: {
        id: 'polling',
        src: pollingMachine.provide({
          actors: {
            poll: fromPromise(() => Promise.resolve(answers[Math.min(calls++, 1)] ?? poll({}))),
          },
          delays: { interval: 5 },
        }),
        input: { roomId: 1 },
      },
      on: { '*': { actions: ({ event }) => heard.push(event) } },
    })
    const actor = createActor(parent).start()
    await new Promise((r) => setTimeout(r, 60))
    actor.stop()
    expect(calls).toBe(2)
    expect(heard).toContainEqual({ type: 'polling.result', viewers: 7, liveEnd: false })
    expect(heard).toContainEqual({ type: 'polling.toast', message: 'ようこそ' })
    // The minutes watched completed a mission: the room hears it once.
    expect(heard.filter((e) => (e as { type: string }).type === 'mission.achieved')).toHaveLength(1)
    expect(heard).toContainEqual({ type: 'polling.result', viewers: null, liveEnd: true })
  })

  it('tells its parent a mission the minutes watched completed, with no toast in the answer', async () => {
    const heard: Array<{ type: string }> = []
    const parent = createMachine({
      invoke: {
        id: 'polling',
        src: pollingMachine.provide({
          actors: { poll: fromPromise(() => Promise.resolve(poll({ missionAchieved: true }))) },
        }),
        input: { roomId: 1 },
      },
      on: { '*': { actions: ({ event }) => heard.push(event) } },
    })
    const actor = createActor(parent).start()
    await new Promise((r) => setTimeout(r, 20))
    actor.stop()
    // The room's own toast says it (mission.achievedToast); the server sends none of its own.
    expect(heard.map((e) => e.type)).toEqual(['polling.result', 'mission.achieved'])
  })
})

describe('report machine graph', () => {
  const long = 'あ'.repeat(REPORT_COMMENT_MAX + 1)
  const events = [
    { type: 'report.open', target: { kind: 'live' } },
    { type: 'report.open', target: { kind: 'user', userId: 2, name: 'a' } },
    { type: 'report.category', id: 3 },
    { type: 'report.comment', text: '不快な発言' },
    { type: 'report.comment', text: long },
    { type: 'report.block', block: true },
    { type: 'report.submit' },
    { type: 'report.close' },
    { type: 'xstate.done.actor.loadCategories', output: [{ id: 3, label: 'スパム' }] },
    { type: 'xstate.error.actor.loadCategories', error: new Error('offline') },
    { type: 'xstate.done.actor.sendReport', output: {} },
    { type: 'xstate.error.actor.sendReport', error: serverError(500) },
  ] as Array<EventFromLogic<typeof reportMachine>>

  it('reaches every state and transition; never sends without a category; a failure keeps the text', () => {
    const result = walkMachine(reportMachine, {
      input: { roomId: 1, liveId: 10 },
      events,
      key: (s) => ({
        value: s.value,
        n: s.context.categories.length,
        category: s.context.categoryId,
        comment: s.context.comment.length,
        block: s.context.block,
        target: s.context.target?.kind ?? null,
        error: s.context.error,
      }),
      invariant: (from, event, to) => {
        if (to.matches('sending')) {
          expect(to.context.categoryId).not.toBeNull()
          expect(Array.from(to.context.comment).length).toBeLessThanOrEqual(REPORT_COMMENT_MAX)
        }
        if (from.matches('sending') && to.matches('editing')) {
          expect(to.context.comment).toBe(from.context.comment)
          expect(to.context.categoryId).toBe(from.context.categoryId)
        }
        if (to.matches('closed')) expect(to.context.target).toBeNull()
        if (event.type === 'report.comment' && from.matches('editing'))
          expect(to.context.error).toBe(
            Array.from(event.text).length > REPORT_COMMENT_MAX ? 'report.commentTooLong' : null,
          )
      },
    })
    printed.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })
})

describe('welcome editor machine graph', () => {
  const events = [
    { type: 'welcome.change', text: '来てくれてありがとう' },
    { type: 'welcome.change', text: '  ' },
    { type: 'welcome.change', text: 'あ'.repeat(WELCOME_COMMENT_MAX + 1) },
    { type: 'welcome.save' },
    { type: 'welcome.delete' },
    { type: 'xstate.done.actor.saveWelcome', output: {} },
    { type: 'xstate.error.actor.saveWelcome', error: serverError(403) },
    { type: 'xstate.done.actor.deleteWelcome', output: {} },
    { type: 'xstate.error.actor.deleteWelcome', error: serverError(500) },
  ] as Array<EventFromLogic<typeof welcomeEditorMachine>>
  const walks: WalkResult[] = []

  for (const isOwner of [true, false]) {
    it(`walks the editor as ${isOwner ? 'the owner' : 'a viewer'}: only the owner saves, and a failed save keeps the text`, () => {
      walks.push(
        walkMachine(welcomeEditorMachine.provide({ actions: { tellRoom: () => {} } }), {
          input: { roomId: 1, isOwner, comment: 'ようこそ' },
          events,
          key: (s) => ({ value: s.value, draft: s.context.draft }),
          invariant: (from, event, to) => {
            if (!isOwner) {
              expect(to.value).toBe('idle')
              expect(to.context.draft).toBe('ようこそ')
            }
            if (to.matches('saving') && !from.matches('saving')) {
              const length = Array.from(to.context.draft.trim()).length
              expect(length).toBeGreaterThan(0)
              expect(length).toBeLessThanOrEqual(WELCOME_COMMENT_MAX)
            }
            if (event.type === ('xstate.error.actor.saveWelcome' as string))
              expect(to.context.draft).toBe(from.context.draft)
            if (
              event.type === ('xstate.done.actor.deleteWelcome' as string) &&
              from.matches('deleting')
            )
              expect(to.context.draft).toBe('')
          },
        }),
      )
    })
  }

  it('reaches every state and transition over both walks', () => {
    const merged = mergeWalks(walks)
    printed.push(merged)
    expect(merged.states.missing).toEqual([])
    expect(merged.transitions.missing).toEqual([])
  })
})
