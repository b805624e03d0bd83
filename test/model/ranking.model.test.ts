import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type {
  GenreRankingAnswer,
  MyRankingAnswer,
  RankingPeriod,
  RoomGenreAnswer,
} from '../../src/contract/ranking.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  rankingMachine,
  type RankingSelection,
} from '../../src/machines/ranking/ranking.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const lost = new ApiRequestError({ kind: 'network', status: null })

const tabs: RoomGenreAnswer = {
  genres: [
    { genre_id: 102, genre_name: 'アイドル' },
    { genre_id: 200, genre_name: '声優・アニメ' },
  ],
  periods: ['daily', 'weekly', 'monthly'],
}
const page = (period: RankingPeriod, n: number): GenreRankingAnswer => ({
  genre_id: null,
  period,
  starts_on: '2026-01-05',
  page: n,
  next_page: n < 2 ? n + 1 : null,
  total_entries: 45,
  ranking: [],
})
const mine = (room: boolean): MyRankingAnswer => ({
  genre_id: null,
  period: 'daily',
  starts_on: '2026-01-05',
  room: room
    ? {
        rank: 12,
        room_id: 3,
        room_url_key: 'demo_liver_room',
        room_name: 'デモライバーの部屋',
        main_name: 'デモライバー',
        image: '',
        genre_id: 102,
        genre_name: 'アイドル',
        score: 1200,
        is_onlive: false,
        badge: 0,
      }
    : null,
})

const select = (s: RankingSelection) => ({ type: 'ranking.select' as const, ...s })
const events = [
  select({ genre: 'all', period: 'daily', page: 1 }),
  select({ genre: 'all', period: 'daily', page: 2 }),
  select({ genre: 102, period: 'daily', page: 1 }),
  select({ genre: 'all', period: 'weekly', page: 1 }),
  { type: 'ranking.retry' },
  { type: 'xstate.done.actor.loadTabs', output: tabs },
  { type: 'xstate.error.actor.loadTabs', error: lost },
  { type: 'xstate.done.actor.loadRanking', output: page('daily', 1) },
  { type: 'xstate.error.actor.loadRanking', error: lost },
  { type: 'xstate.done.actor.loadMine', output: mine(true) },
  { type: 'xstate.done.actor.loadMine', output: mine(false) },
  { type: 'xstate.done.actor.loadMine', output: null },
  { type: 'xstate.error.actor.loadMine', error: lost },
] as Array<EventFromLogic<typeof rankingMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('ranking machine graph', () => {
  it('loads the tabs, the selected page and the caller’s place; reloads only what a choice changes', () => {
    const walk = walkMachine(rankingMachine, {
      input: { genre: 'all', period: 'daily', page: 1 },
      events,
      key: (s) => ({
        value: s.value,
        selection: s.context.selection,
        tabs: s.context.tabs !== null,
        ranking: s.context.ranking !== null,
        mine: s.context.mine === null ? null : s.context.mine.room !== null,
      }),
      invariant: (from, event, to) => {
        // A list once shown stays on screen while another loads or after a failure.
        if (from.context.ranking !== null) expect(to.context.ranking).not.toBeNull()
        // Changing only the page keeps the caller's place; another list forgets it.
        if (event.type === 'ranking.select' && from.context.selection.period !== event.period)
          expect(to.context.mine).toBeNull()
        if (to.matches({ mine: 'known' }) && !from.matches({ mine: 'known' }))
          expect(event.type).toBe('xstate.done.actor.loadMine')
        expect(to.context.selection.page).toBeGreaterThanOrEqual(1)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it('asks for the new genre’s list and place once the address changes, keeping the old list meanwhile', async () => {
    const asked: string[] = []
    let release = (_: GenreRankingAnswer) => {}
    const actor = createActor(
      rankingMachine.provide({
        actors: {
          loadTabs: fromPromise(() => Promise.resolve(tabs)),
          loadRanking: fromPromise(({ input }) => {
            asked.push(`list ${input.genre} ${input.period} ${input.page}`)
            return asked.length === 1
              ? Promise.resolve(page(input.period, input.page))
              : new Promise<GenreRankingAnswer>((resolve) => (release = resolve))
          }),
          loadMine: fromPromise(({ input }) => {
            asked.push(`mine ${input.genre} ${input.period}`)
            return Promise.resolve(mine(true))
          }),
        },
      }),
      { input: { genre: 'all', period: 'daily', page: 1 } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().matches({ list: 'shown', mine: 'known' })).toBe(true)
    actor.send(select({ genre: 102, period: 'monthly', page: 1 }))
    expect(actor.getSnapshot().context.ranking?.period).toBe('daily')
    release(page('monthly', 1))
    await new Promise((r) => setTimeout(r, 0))
    expect(asked).toEqual([
      'list all daily 1',
      'mine all daily',
      'list 102 monthly 1',
      'mine 102 monthly',
    ])
    expect(actor.getSnapshot().context.ranking?.period).toBe('monthly')
    actor.stop()
  })
})
