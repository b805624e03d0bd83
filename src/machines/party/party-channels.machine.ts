import { assign, fromPromise, setup } from 'xstate'
import type { PartyChannel, PartyChannelsAnswer, PartyInfo } from '../../contract/party.ts'
import { notProvided } from '../not-provided.ts'

/** How often the strip looks again at which of the party's rooms are on air. */
export const PARTY_REFRESH_MS = 30_000

export interface PartyChannelsContext {
  roomId: number
  party: PartyInfo | null
  channels: PartyChannel[]
}

type Loaded = { output: PartyChannelsAnswer }

/**
 * The room page's party strip (issue #22, `/api/parties/channels`): the party the room is in and
 * its rooms, looked at again every PARTY_REFRESH_MS while the room is in one. A room in no party
 * shows nothing and asks no more; a failed look keeps what was shown and tries again later.
 */
export const partyChannelsMachine = setup({
  types: {
    context: {} as PartyChannelsContext,
    input: {} as { roomId: number },
  },
  actors: {
    loadChannels: fromPromise<PartyChannelsAnswer, { roomId: number }>(notProvided('loadChannels')),
  },
  actions: {
    store: assign((_, { output }: Loaded) => ({
      party: output.party,
      channels: output.channels,
    })),
    clear: assign({ party: null, channels: [] }),
  },
  guards: {
    isInParty: (_, { output }: Loaded) => output.party !== null && output.channels.length > 0,
  },
  delays: { refresh: PARTY_REFRESH_MS },
}).createMachine({
  id: 'partyChannels',
  context: ({ input }) => ({ roomId: input.roomId, party: null, channels: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadChannels',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: [
          {
            guard: { type: 'isInParty', params: ({ event }) => event },
            target: 'showing',
            actions: { type: 'store', params: ({ event }) => event },
          },
          { target: 'alone' },
        ],
        onError: 'failed',
      },
    },
    failed: {
      after: {
        refresh: {
          target: 'loading',
          description: 'The strip is not worth an error: a quiet retry.',
        },
      },
    },
    alone: {
      description: 'In no party: nothing to show, and nothing more to ask.',
    },
    showing: {
      after: { refresh: 'refreshing' },
    },
    refreshing: {
      invoke: {
        src: 'loadChannels',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: [
          {
            guard: { type: 'isInParty', params: ({ event }) => event },
            target: 'showing',
            actions: { type: 'store', params: ({ event }) => event },
          },
          {
            target: 'alone',
            actions: 'clear',
            description: 'The party was dissolved while the page was open.',
          },
        ],
        onError: { target: 'showing', description: 'Keeps the rooms last shown.' },
      },
    },
  },
})
