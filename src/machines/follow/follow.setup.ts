import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  FollowGenresAnswer,
  FollowRoomsAnswer,
  FollowSchedule,
  FollowedRoom,
} from '../../contract/follow.ts'
import type { OnliveItem } from '../../domain/api-types.ts'
import { notProvided } from '../not-provided.ts'

/** The follow page's tabs: rooms on air, every followed room, upcoming schedules. */
export type FollowTab = 'onair' | 'rooms' | 'schedules'
/** A genre's id, or every genre. */
export type FollowGenre = 'all' | number

export interface FollowInput {
  tab: FollowTab
}

/** One tab's list as loaded: the tab says which of the three it is. */
export type FollowList =
  | { tab: 'onair'; onlives: OnliveItem[] }
  | { tab: 'rooms'; answer: FollowRoomsAnswer }
  | { tab: 'schedules'; schedules: FollowSchedule[] }

export interface FollowContext {
  tab: FollowTab
  genre: FollowGenre
  genres: FollowGenresAnswer['genres'] | null
  onlives: OnliveItem[] | null
  /** The followed rooms of every page loaded so far ("もっと見る" appends the next). */
  rooms: FollowedRoom[] | null
  /** The next page of rooms, or null on the last. */
  nextPage: number | null
  totalRooms: number
  schedules: FollowSchedule[] | null
}

export type FollowEvent =
  | { type: 'follow.tab'; tab: FollowTab }
  | { type: 'follow.genre'; genre: FollowGenre }
  | { type: 'follow.more' }
  | { type: 'follow.retry' }
  | { type: 'xstate.done.actor.loadMoreRooms'; output: FollowRoomsAnswer }
  | { type: 'xstate.error.actor.loadMoreRooms'; error: unknown }

/**
 * The next page of followed rooms to ask for: the rooms tab's, in the genre shown; null on the
 * last page or another tab. The guard that pages and the load read it here.
 */
export function morePageOf(c: FollowContext): { genre: FollowGenre; page: number } | null {
  return c.tab === 'rooms' && c.nextPage !== null ? { genre: c.genre, page: c.nextPage } : null
}

export const followSetup = setup({
  types: {
    context: {} as FollowContext,
    events: {} as FollowEvent,
    input: {} as FollowInput,
  },
  actors: {
    loadGenres: fromPromise<FollowGenresAnswer>(notProvided('loadGenres')),
    /** The first page of a tab's list for a genre (the rooms tab pages from 1). */
    loadList: fromPromise<FollowList, { tab: FollowTab; genre: FollowGenre }>(
      notProvided('loadList'),
    ),
    loadMoreRooms: fromPromise<FollowRoomsAnswer, { genre: FollowGenre; page: number }>(
      notProvided('loadMoreRooms'),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    selectTab: assign(({ event }) => {
      assertEvent(event, 'follow.tab')
      return { tab: event.tab }
    }),
    selectGenre: assign(({ event }) => {
      assertEvent(event, 'follow.genre')
      return { genre: event.genre }
    }),
    forgetLists: assign({
      onlives: null,
      rooms: null,
      nextPage: null,
      totalRooms: 0,
      schedules: null,
    }),
    storeGenres: assign((_, answer: FollowGenresAnswer) => ({ genres: answer.genres })),
    storeList: assign((_, list: FollowList) => {
      switch (list.tab) {
        case 'onair':
          return { onlives: list.onlives }
        case 'rooms':
          return {
            rooms: list.answer.rooms,
            nextPage: list.answer.next_page,
            totalRooms: list.answer.total_entries,
          }
        case 'schedules':
          return { schedules: list.schedules }
      }
    }),
    appendRooms: assign(({ context }, answer: FollowRoomsAnswer) => ({
      // A room that moved between pages while paging (it went live) is listed once.
      rooms: [
        ...(context.rooms ?? []),
        ...answer.rooms.filter((r) => !context.rooms?.some((c) => c.room_id === r.room_id)),
      ],
      nextPage: answer.next_page,
      totalRooms: answer.total_entries,
    })),
  },
  guards: {
    isOtherTab: ({ context, event }) => event.type === 'follow.tab' && event.tab !== context.tab,
    isOtherGenre: ({ context, event }) =>
      event.type === 'follow.genre' && event.genre !== context.genre,
    hasMoreRooms: ({ context }) => morePageOf(context) !== null,
  },
})
