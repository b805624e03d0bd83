import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { noticeMachine } from '../../src/machines/notice/notice.machine.ts'
import { noticesMachine } from '../../src/machines/notice/notices.machine.ts'
import { notice, noticePage } from './notice-fixtures.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const gone = new ApiRequestError({
  kind: 'server',
  status: 404,
  message: null,
  errorType: null,
  redirectUrl: null,
})

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('notice list machine graph', () => {
  it('loads the first page, appends the next on "more", retries either failure', () => {
    const events = [
      { type: 'notices.more' },
      { type: 'notices.retry' },
      { type: 'xstate.done.actor.loadPage', output: noticePage(1, 2, [1, 2]) },
      { type: 'xstate.done.actor.loadPage', output: noticePage(1, 1, [1]) },
      { type: 'xstate.error.actor.loadPage', error: lost },
      { type: 'xstate.done.actor.loadMore', output: noticePage(2, 2, [2, 3]) },
      { type: 'xstate.error.actor.loadMore', error: lost },
    ] as Array<EventFromLogic<typeof noticesMachine>>
    const walk = walkMachine(noticesMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        notices: s.context.notices?.length ?? null,
        next: s.context.nextPage,
      }),
      invariant: (_from, _event, to) => {
        // "More" asks only with a next page, and never loses the notices shown.
        if (to.matches('loadingMore')) expect(to.context.notices).not.toBeNull()
        // Appending never lists a notice twice.
        const ids = to.context.notices?.map((n) => n.id) ?? []
        expect(new Set(ids).size).toBe(ids.length)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('asks for page 1, then the next page on "more"', async () => {
    const asked: number[] = []
    const actor = createActor(
      noticesMachine.provide({
        actors: {
          loadPage: fromPromise(({ input }) => {
            asked.push(input.page)
            return Promise.resolve(
              input.page === 1 ? noticePage(1, 2, [1, 2]) : noticePage(2, 2, [2, 3]),
            )
          }),
        },
      }),
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'notices.more' })
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'notices.more' })
    expect(asked).toEqual([1, 2])
    expect(actor.getSnapshot().context.notices?.map((n) => n.id)).toEqual([1, 2, 3])
    actor.stop()
  })
})

describe('one notice machine graph', () => {
  it('shows the notice and signals it read; a 404 is missing, other failures retry', () => {
    const events = [
      { type: 'notice.retry' },
      { type: 'xstate.done.actor.loadNotice', output: { notice: notice(5) } },
      { type: 'xstate.error.actor.loadNotice', error: gone },
      { type: 'xstate.error.actor.loadNotice', error: lost },
    ] as Array<EventFromLogic<typeof noticeMachine>>
    const walk = walkMachine(noticeMachine, {
      input: { id: 5 },
      events,
      key: (s) => ({ value: s.value, notice: s.context.notice !== null }),
      invariant: (_from, _event, to) => {
        if (to.matches('shown')) expect(to.context.notice?.id).toBe(5)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('asks for its id and signals read once it is shown', async () => {
    let read = 0
    const actor = createActor(
      noticeMachine.provide({
        actors: {
          loadNotice: fromPromise(({ input }) => Promise.resolve({ notice: notice(input.id) })),
        },
        actions: {
          signalRead: () => {
            read++
          },
        },
      }),
      { input: { id: 7 } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().value).toBe('shown')
    expect(actor.getSnapshot().context.notice?.title).toBe('お知らせ7')
    expect(read).toBe(1)
    actor.stop()
  })
})
