import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  GenreRankingAnswer,
  MyRankingAnswer,
  RankingPeriod,
  RoomGenreAnswer,
} from '../../contract/ranking.ts'
import { notProvided } from '../not-provided.ts'

/** Which ranking is shown: a genre's id or every genre, a period, a page (from 1). */
export interface RankingSelection {
  genre: 'all' | number
  period: RankingPeriod
  page: number
}

export type RankingInput = RankingSelection

export interface RankingContext {
  selection: RankingSelection
  tabs: RoomGenreAnswer | null
  /** The last ranking page loaded: it stays on screen while another loads. */
  ranking: GenreRankingAnswer | null
  /** The caller's own room in the selected genre and period; null while unknown or anonymous. */
  mine: MyRankingAnswer | null
}

export type RankingEvent =
  /** The page's address changed (a tab or a page link): show that ranking. */
  ({ type: 'ranking.select' } & RankingSelection) | { type: 'ranking.retry' }

const sameList = (a: RankingSelection, b: RankingSelection) =>
  a.genre === b.genre && a.period === b.period

export const rankingSetup = setup({
  types: {
    context: {} as RankingContext,
    events: {} as RankingEvent,
    input: {} as RankingInput,
  },
  actors: {
    loadTabs: fromPromise<RoomGenreAnswer>(notProvided('loadTabs')),
    loadRanking: fromPromise<GenreRankingAnswer, RankingSelection>(notProvided('loadRanking')),
    /** The caller's place; null for an anonymous visitor (nothing is asked). */
    loadMine: fromPromise<MyRankingAnswer | null, Omit<RankingSelection, 'page'>>(
      notProvided('loadMine'),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    select: assign(({ event }) => {
      assertEvent(event, 'ranking.select')
      const { genre, period, page } = event
      return { selection: { genre, period, page } }
    }),
    storeTabs: assign((_, tabs: RoomGenreAnswer) => ({ tabs })),
    storeRanking: assign((_, ranking: GenreRankingAnswer) => ({ ranking })),
    storeMine: assign((_, mine: MyRankingAnswer | null) => ({ mine })),
    forgetMine: assign({ mine: null }),
  },
  guards: {
    /** Another genre, period or page than the one shown or loading. */
    isOtherSelection: ({ context, event }) =>
      event.type === 'ranking.select' &&
      !(sameList(context.selection, event) && context.selection.page === event.page),
    /** Another genre or period: the caller's own place changes too. */
    isOtherList: ({ context, event }) =>
      event.type === 'ranking.select' && !sameList(context.selection, event),
  },
})
