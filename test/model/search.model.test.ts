import { afterAll, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { AutocompleteAnswer } from '../../src/contract/search.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { SUGGEST_DELAY_MS, searchBoxMachine } from '../../src/machines/search/search-box.machine.ts'
import { searchResultsMachine } from '../../src/machines/search/search-results.machine.ts'
import { foundRoom, resultsPage } from './search-fixtures.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })
const two: AutocompleteAnswer = { rooms: [foundRoom(1), foundRoom(2)] }

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('search box machine graph', () => {
  it('waits for a pause, suggests, walks the list, opens a room or the results', () => {
    const events = [
      { type: 'search.type', keyword: 'あい' },
      { type: 'search.type', keyword: ' ' },
      { type: 'search.next' },
      { type: 'search.previous' },
      { type: 'search.submit' },
      { type: 'search.pick', index: 1 },
      { type: 'search.pick', index: 5 },
      { type: 'search.close' },
      { type: 'xstate.done.actor.suggest', output: two },
      { type: 'xstate.done.actor.suggest', output: { rooms: [] } },
      { type: 'xstate.error.actor.suggest', error: lost },
      ...delayedEvents(searchBoxMachine),
    ] as Array<EventFromLogic<typeof searchBoxMachine>>
    const walk = walkMachine(searchBoxMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        keyword: s.context.keyword,
        n: s.context.suggestions.length,
        active: s.context.active,
      }),
      invariant: (_from, _event, to) => {
        // The chosen suggestion is always one of the list; a closed box lists nothing.
        if (to.context.active !== null)
          expect(to.context.active).toBeLessThan(to.context.suggestions.length)
        if (to.matches('closed')) expect(to.context.suggestions).toEqual([])
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('asks once per pause, drops a stale answer, and Enter opens the chosen room', async () => {
    vi.useFakeTimers()
    const asked: string[] = []
    const opened: string[] = []
    const answers: Array<(a: AutocompleteAnswer) => void> = []
    const actor = createActor(
      searchBoxMachine.provide({
        actors: {
          suggest: fromPromise(({ input }) => {
            asked.push(input.keyword)
            return new Promise<AutocompleteAnswer>((resolve) => answers.push(resolve))
          }),
        },
        actions: {
          openRoom: (_, { roomUrlKey }) => opened.push(`room ${roomUrlKey}`),
          openResults: (_, { keyword }) => opened.push(`results ${keyword}`),
        },
      }),
    ).start()
    actor.send({ type: 'search.type', keyword: 'あ' })
    vi.advanceTimersByTime(SUGGEST_DELAY_MS / 2)
    actor.send({ type: 'search.type', keyword: 'あい' })
    vi.advanceTimersByTime(SUGGEST_DELAY_MS)
    expect(asked).toEqual(['あい'])
    // Typing while asking: that answer never shows.
    actor.send({ type: 'search.type', keyword: 'あいう' })
    answers[0]?.(two)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('waiting')
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS)
    answers[1]?.(two)
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('open')
    actor.send({ type: 'search.previous' })
    expect(actor.getSnapshot().context.active).toBe(1)
    actor.send({ type: 'search.next' })
    expect(actor.getSnapshot().context.active).toBe(0)
    actor.send({ type: 'search.submit' })
    expect(opened).toEqual(['room room_1'])
    actor.send({ type: 'search.type', keyword: 'ルーム' })
    actor.send({ type: 'search.submit' })
    expect(opened).toEqual(['room room_1', 'results ルーム'])
    actor.stop()
    vi.useRealTimers()
  })
})

describe('search results machine graph', () => {
  it('loads the genres and the rooms, reloads for another genre, pages on "more"', () => {
    const events = [
      { type: 'results.genre', genre: 'all' },
      { type: 'results.genre', genre: 102 },
      { type: 'results.more' },
      { type: 'results.retry' },
      {
        type: 'xstate.done.actor.loadGenres',
        output: { genres: [{ genre_id: 102, genre_name: 'アイドル', room_num: 3, onlive_num: 1 }] },
      },
      { type: 'xstate.error.actor.loadGenres', error: lost },
      { type: 'xstate.done.actor.loadRooms', output: resultsPage(1, 2, [1, 2]) },
      { type: 'xstate.done.actor.loadRooms', output: resultsPage(1, 1, [1]) },
      { type: 'xstate.error.actor.loadRooms', error: lost },
      { type: 'xstate.done.actor.loadMoreRooms', output: resultsPage(2, 2, [2, 3]) },
      { type: 'xstate.error.actor.loadMoreRooms', error: lost },
    ] as Array<EventFromLogic<typeof searchResultsMachine>>
    const walk = walkMachine(searchResultsMachine, {
      input: { keyword: 'あい', genre: 'all' },
      events,
      key: (s) => ({
        value: s.value,
        genre: s.context.genre,
        genres: s.context.genres !== null,
        rooms: s.context.rooms?.length ?? null,
        next: s.context.nextPage,
      }),
      invariant: (from, event, to) => {
        if (event.type === 'results.genre' && event.genre !== from.context.genre)
          expect(to.context.rooms).toBeNull()
        const ids = to.context.rooms?.map((r) => r.room_id) ?? []
        expect(new Set(ids).size).toBe(ids.length)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
