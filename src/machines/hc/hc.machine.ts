import { assign, fromPromise, setup } from 'xstate'
import { HC_REFRESH_MS, wrapIndex, type HcRoom } from '../../domain/hc.ts'
import type { StreamOption } from '../../domain/room.ts'
import { notProvided } from '../not-provided.ts'
import { playerMachine } from '../player/player.machine.ts'

export interface HcContext {
  /** The rooms on air in the hall's order (src/domain/hc.ts hallOf). */
  rooms: HcRoom[]
  /** The room shown; always a room of `rooms` while showing. */
  index: number
  /** The room asked for in the address (`?room=`): shown first when it is on air. */
  wanted: string | null
  /** The shown room's playlists (`/api/live/streaming_url`). */
  streams: StreamOption[]
}

export type HcEvent = { type: 'hc.next' } | { type: 'hc.previous' } | { type: 'hc.retry' }

type Hall = { output: HcRoom[] }

/** The room shown, or undefined while none is. */
export const shownRoom = (c: Pick<HcContext, 'rooms' | 'index'>): HcRoom | undefined =>
  c.rooms[c.index]

/** Where the hall (answered afresh) puts the room shown: its new place, or the same index if gone. */
function placeIn(c: HcContext, rooms: HcRoom[]): number {
  const key = shownRoom(c)?.roomUrlKey ?? c.wanted
  const found = rooms.findIndex((r) => r.roomUrlKey === key)
  if (found >= 0) return found
  return Math.min(c.index, Math.max(rooms.length - 1, 0))
}

/**
 * /r/hc (issue #22): a hall of the rooms on air, one at a time across the window. Next and
 * previous wrap around the hall; each room shown loads its playlists and plays muted (the player
 * machine). The hall is looked at again every HC_REFRESH_MS: the room shown stays while it is on
 * air, the next one in its place takes over when it is not, and an empty hall says so.
 */
export const hcMachine = setup({
  types: {
    context: {} as HcContext,
    events: {} as HcEvent,
    input: {} as { roomKey: string | null },
    children: {} as { player: 'player'; loadStreams: 'loadStreams' },
  },
  actors: {
    loadHall: fromPromise<HcRoom[]>(notProvided('loadHall')),
    loadStreams: fromPromise<StreamOption[], { roomId: number }>(notProvided('loadStreams')),
    player: playerMachine,
  },
  actions: {
    /** The room shown, for the address (`?room=`): provided by the page. */
    keepRoom: (_, _params: { roomUrlKey: string }) => {},
    storeHall: assign(({ context }, { output }: Hall) => ({
      rooms: output,
      index: placeIn(context, output),
    })),
    clearHall: assign({ rooms: [], index: 0, streams: [] }),
    step: assign(({ context }, { step }: { step: 1 | -1 }) => ({
      index: wrapIndex(context.index, step, context.rooms.length),
      streams: [],
    })),
    storeStreams: assign((_, { output }: { output: StreamOption[] }) => ({ streams: output })),
  },
  guards: {
    hasRooms: (_, { output }: Hall) => output.length > 0,
    isHallEmpty: (_, { output }: Hall) => output.length === 0,
    /** The room shown went off air: another takes its place. */
    isShownGone: ({ context }, { output }: Hall) =>
      !output.some((r) => r.roomUrlKey === shownRoom(context)?.roomUrlKey),
    /** One room alone has no next or previous. */
    hasOthers: ({ context }) => context.rooms.length > 1,
  },
  delays: { hallRefresh: HC_REFRESH_MS },
}).createMachine({
  id: 'hc',
  context: ({ input }) => ({ rooms: [], index: 0, wanted: input.roomKey, streams: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadHall',
        onDone: [
          {
            guard: { type: 'hasRooms', params: ({ event }) => event },
            target: 'showing',
            actions: { type: 'storeHall', params: ({ event }) => event },
          },
          { target: 'empty' },
        ],
        onError: 'failed',
      },
    },
    failed: {
      on: { 'hc.retry': 'loading' },
    },
    empty: {
      after: {
        hallRefresh: { target: 'loading', description: 'Looks again for rooms on air.' },
      },
    },
    showing: {
      type: 'parallel',
      states: {
        stage: {
          initial: 'tuning',
          on: {
            'hc.next': {
              guard: 'hasOthers',
              target: '.tuning',
              actions: { type: 'step', params: { step: 1 } },
              description: 'The next room, the first after the last.',
            },
            'hc.previous': {
              guard: 'hasOthers',
              target: '.tuning',
              actions: { type: 'step', params: { step: -1 } },
              description: 'The previous room, the last before the first.',
            },
          },
          states: {
            tuning: {
              entry: {
                type: 'keepRoom',
                params: ({ context }) => ({ roomUrlKey: shownRoom(context)?.roomUrlKey ?? '' }),
              },
              invoke: {
                id: 'loadStreams',
                src: 'loadStreams',
                input: ({ context }) => ({ roomId: shownRoom(context)?.roomId ?? 0 }),
                onDone: {
                  target: 'watching',
                  actions: { type: 'storeStreams', params: ({ event }) => event },
                },
                onError: 'unavailable',
              },
            },
            watching: {
              invoke: {
                id: 'player',
                src: 'player',
                input: ({ context }) => ({ streams: context.streams }),
              },
            },
            unavailable: {
              on: { 'hc.retry': 'tuning' },
            },
          },
        },
        hall: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { hallRefresh: 'refreshing' },
            },
            refreshing: {
              invoke: {
                src: 'loadHall',
                onDone: [
                  {
                    guard: { type: 'isHallEmpty', params: ({ event }) => event },
                    target: '#hc.empty',
                    actions: 'clearHall',
                  },
                  {
                    guard: { type: 'isShownGone', params: ({ event }) => event },
                    target: '#hc.showing',
                    reenter: true,
                    actions: { type: 'storeHall', params: ({ event }) => event },
                    description: 'The room shown went off air: the one now in its place plays.',
                  },
                  {
                    target: 'waiting',
                    actions: { type: 'storeHall', params: ({ event }) => event },
                  },
                ],
                onError: { target: 'waiting', description: 'Keeps the hall last shown.' },
              },
            },
          },
        },
      },
    },
  },
})
