import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { followMachine, type FollowList } from '../../src/machines/follow/follow.machine.ts'
import { roomsPage } from './follow-fixtures.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })

const genres = { genres: [{ genre_id: 102, genre_name: 'アイドル', count: 2 }] }
const lists: FollowList[] = [
  { tab: 'onair', onlives: [] },
  { tab: 'rooms', answer: roomsPage(1, 2, [1, 2]) },
  { tab: 'rooms', answer: roomsPage(1, 1, [1]) },
  { tab: 'schedules', schedules: [] },
]

const events = [
  { type: 'follow.tab', tab: 'onair' },
  { type: 'follow.tab', tab: 'rooms' },
  { type: 'follow.tab', tab: 'schedules' },
  { type: 'follow.genre', genre: 'all' },
  { type: 'follow.genre', genre: 102 },
  { type: 'follow.more' },
  { type: 'follow.retry' },
  { type: 'xstate.done.actor.loadGenres', output: genres },
  { type: 'xstate.error.actor.loadGenres', error: lost },
  // The walk sends a list of the tab shown (a real load never answers for another tab).
  ...lists.map((output) => ({ type: 'xstate.done.actor.loadList', output })),
  { type: 'xstate.error.actor.loadList', error: lost },
  { type: 'xstate.done.actor.loadMoreRooms', output: roomsPage(2, 2, [2, 3]) },
  { type: 'xstate.error.actor.loadMoreRooms', error: lost },
] as Array<EventFromLogic<typeof followMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('follow machine graph', () => {
  it('loads the genres and the chosen tab, reloads on another tab or genre, pages the rooms', () => {
    const walk = walkMachine(followMachine, {
      input: { tab: 'onair' },
      events,
      key: (s) => ({
        value: s.value,
        tab: s.context.tab,
        genre: s.context.genre,
        genres: s.context.genres !== null,
        onlives: s.context.onlives !== null,
        rooms: s.context.rooms?.length ?? null,
        next: s.context.nextPage,
        schedules: s.context.schedules !== null,
      }),
      invariant: (from, event, to) => {
        // Another genre forgets every list: none of another genre ever shows.
        if (event.type === 'follow.genre' && event.genre !== from.context.genre) {
          expect(to.context.rooms).toBeNull()
          expect(to.context.onlives).toBeNull()
          expect(to.context.schedules).toBeNull()
        }
        // "More" asks only on the rooms tab with a next page, and never loses the rooms shown.
        if (to.matches({ list: 'loadingMore' })) {
          expect(to.context.tab).toBe('rooms')
          expect(to.context.rooms).not.toBeNull()
        }
        // Appending never lists a room twice.
        const ids = to.context.rooms?.map((r) => r.room_id) ?? []
        expect(new Set(ids).size).toBe(ids.length)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('asks for each tab with the genre chosen, and for the next page of rooms on "more"', async () => {
    const asked: string[] = []
    const actor = createActor(
      followMachine.provide({
        actors: {
          loadGenres: fromPromise(() => Promise.resolve(genres)),
          loadList: fromPromise(({ input }) => {
            asked.push(`${input.tab} ${input.genre}`)
            return Promise.resolve<FollowList>(
              input.tab === 'rooms'
                ? { tab: 'rooms', answer: roomsPage(1, 2, [1, 2]) }
                : { tab: 'onair', onlives: [] },
            )
          }),
          loadMoreRooms: fromPromise(({ input }) => {
            asked.push(`more ${input.genre} ${input.page}`)
            return Promise.resolve(roomsPage(2, 2, [2, 3]))
          }),
        },
      }),
      { input: { tab: 'onair' } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'follow.genre', genre: 102 })
    actor.send({ type: 'follow.tab', tab: 'rooms' })
    await new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'follow.more' })
    await new Promise((r) => setTimeout(r, 0))
    expect(asked).toEqual(['onair all', 'onair 102', 'rooms 102', 'more 102 2'])
    const s = actor.getSnapshot()
    expect(s.context.rooms?.map((r) => r.room_id)).toEqual([1, 2, 3])
    expect(s.context.nextPage).toBeNull()
    actor.stop()
  })
})
