import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { FoundRoom, RoomGenresAnswer, SearchRoomsAnswer } from '../../contract/search.ts'
import { notProvided } from '../not-provided.ts'

/** A genre's id, or every genre. */
export type SearchGenre = 'all' | number

export interface SearchResultsInput {
  keyword: string
  genre: SearchGenre
}

export interface SearchResultsContext {
  keyword: string
  genre: SearchGenre
  genres: RoomGenresAnswer['genres'] | null
  /** The rooms of every page loaded so far ("もっと見る" appends the next). */
  rooms: FoundRoom[] | null
  nextPage: number | null
  total: number
}

export type SearchResultsEvent =
  | { type: 'results.genre'; genre: SearchGenre }
  | { type: 'results.more' }
  | { type: 'results.retry' }

export interface SearchPageQuery {
  keyword: string
  genre: SearchGenre
  page: number
}

const reportError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/**
 * The search results (`/search?keyword=`), two regions side by side —
 * - **genres**: every genre with its room count, for the genre browser, loaded once;
 * - **list**: the rooms matching the keyword in the chosen genre, paged; another genre reloads.
 */
export const searchResultsMachine = setup({
  types: {
    context: {} as SearchResultsContext,
    events: {} as SearchResultsEvent,
    input: {} as SearchResultsInput,
  },
  actors: {
    loadGenres: fromPromise<RoomGenresAnswer>(notProvided('loadGenres')),
    loadRooms: fromPromise<SearchRoomsAnswer, SearchPageQuery>(notProvided('loadRooms')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    storeGenres: assign((_, answer: RoomGenresAnswer) => ({ genres: answer.genres })),
    selectGenre: assign(({ event }) => {
      assertEvent(event, 'results.genre')
      return { genre: event.genre, rooms: null, nextPage: null, total: 0 }
    }),
    storeRooms: assign(({ context }, answer: SearchRoomsAnswer) => ({
      // A room that moved between pages while paging is listed once.
      rooms: [
        ...(context.rooms ?? []),
        ...answer.rooms.filter((r) => !context.rooms?.some((c) => c.room_id === r.room_id)),
      ],
      nextPage: answer.next_page,
      total: answer.total_entries,
    })),
  },
  guards: {
    isOtherGenre: ({ context, event }) =>
      event.type === 'results.genre' && event.genre !== context.genre,
    hasMore: ({ context }) => context.nextPage !== null,
  },
}).createMachine({
  id: 'searchResults',
  context: ({ input }) => ({
    keyword: input.keyword,
    genre: input.genre,
    genres: null,
    rooms: null,
    nextPage: null,
    total: 0,
  }),
  type: 'parallel',
  states: {
    genres: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadGenres',
            src: 'loadGenres',
            onDone: {
              target: 'ready',
              actions: { type: 'storeGenres', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: reportError },
          },
        },
        ready: {},
        failed: {
          description: 'No genre browser until a retry; the results still show.',
          on: { 'results.retry': 'loading' },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'results.genre': {
          guard: 'isOtherGenre',
          description: 'The rooms shown were of the other genre: they are forgotten.',
          target: '.loading',
          actions: 'selectGenre',
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadRooms',
            src: 'loadRooms',
            input: ({ context }) => ({ keyword: context.keyword, genre: context.genre, page: 1 }),
            onDone: {
              target: 'shown',
              actions: { type: 'storeRooms', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: reportError },
          },
        },
        shown: {
          on: { 'results.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          invoke: {
            id: 'loadMoreRooms',
            src: 'loadRooms',
            input: ({ context }) => ({
              keyword: context.keyword,
              genre: context.genre,
              page: context.nextPage ?? 1,
            }),
            onDone: {
              target: 'shown',
              actions: { type: 'storeRooms', params: ({ event }) => event.output },
            },
            onError: { target: 'moreFailed', actions: reportError },
          },
        },
        moreFailed: {
          description: 'The rooms shown stay; "more" or a retry asks for the page again.',
          on: { 'results.more': 'loadingMore', 'results.retry': 'loadingMore' },
        },
        failed: {
          on: { 'results.retry': 'loading' },
        },
      },
    },
  },
})
