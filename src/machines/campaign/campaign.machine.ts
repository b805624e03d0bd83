import type { CampaignAnswer } from '../../contract/campaign.ts'
import { campaignIdOf, campaignSetup } from './campaign.setup.ts'

export type { CampaignInput, CampaignContext, CampaignEvent } from './campaign.setup.ts'
export { secondsToUpdate, UPDATE_GRACE_MS } from './campaign.setup.ts'

const stored = {
  type: 'store' as const,
  params: ({ event }: { event: { output: CampaignAnswer } }) => event.output,
}
const reported = {
  type: 'reportError' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
}

/**
 * A campaign page (`/lp/*`): loads the campaign at its path (none there: the not-found page; a
 * lost connection: a toast and another try by itself), then two regions side by side —
 * - **ranking** (a campaign that shows one): loaded, then loaded again every 15 s while the
 *   campaign runs; a scheduled ranking counts down each second to its next update instead and is
 *   loaded again once that has passed. An upcoming or ended campaign's ranking stands still.
 * - **showcase**: the liver themes' gallery is loaded for a campaign that presents it.
 */
export const campaignMachine = campaignSetup.createMachine({
  id: 'campaign',
  context: ({ input }) => ({ ...input, campaign: null, ranking: null, themes: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCampaign',
        src: 'loadCampaign',
        input: ({ context }) => ({ path: context.path }),
        onDone: [
          {
            guard: { type: 'showsRankingAndThemes', params: ({ event }) => event.output },
            target: ['shown.ranking.loading', 'shown.showcase.loading'],
            actions: stored,
          },
          {
            guard: { type: 'showsRanking', params: ({ event }) => event.output },
            target: 'shown.ranking.loading',
            actions: stored,
          },
          {
            guard: { type: 'showsThemes', params: ({ event }) => event.output },
            target: 'shown.showcase.loading',
            actions: stored,
          },
          { target: 'shown', actions: stored },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            guard: { type: 'isConnectionLost', params: ({ event }) => ({ error: event.error }) },
            target: 'reconnecting',
            actions: reported,
          },
          { target: 'failed', actions: reported },
        ],
      },
    },
    reconnecting: {
      description:
        'The connection was lost (the house toast says so): the campaign is asked for again in 5 s, or at once on "retry".',
      after: { reconnect: 'loading' },
      on: { 'campaign.retry': 'loading' },
    },
    failed: {
      description: 'The server refused or failed: the visitor can try again.',
      on: { 'campaign.retry': 'loading' },
    },
    notFound: {
      description: 'No campaign at this path (404): the site’s not-found page.',
      type: 'final',
    },
    shown: {
      type: 'parallel',
      states: {
        ranking: {
          initial: 'none',
          states: {
            none: { description: 'The campaign shows no ranking.' },
            loading: {
              invoke: {
                id: 'loadRanking',
                src: 'loadRanking',
                input: ({ context }) => ({ campaignId: campaignIdOf(context) }),
                onDone: [
                  {
                    guard: { type: 'isScheduled', params: ({ event }) => event.output },
                    target: 'scheduled',
                    actions: { type: 'storeRanking', params: ({ event }) => event.output },
                  },
                  {
                    guard: 'isOpen',
                    target: 'live',
                    actions: { type: 'storeRanking', params: ({ event }) => event.output },
                  },
                  {
                    target: 'still',
                    actions: { type: 'storeRanking', params: ({ event }) => event.output },
                  },
                ],
                onError: { target: 'failed', actions: reported },
              },
            },
            live: {
              description: 'The campaign runs: its live ranking is loaded again every 15 s.',
              after: { rankingRefresh: 'loading' },
            },
            scheduled: {
              description:
                'Stands as of its last update: counts down each second to the next one, then loads again.',
              invoke: { src: 'clock', input: { intervalMs: 1000 } },
              on: {
                'clock.tick': [
                  { guard: 'updateDue', target: 'loading', actions: 'tick' },
                  { actions: 'tick' },
                ],
              },
            },
            still: {
              description: 'An upcoming or ended campaign: its ranking (the final one) stands.',
            },
            failed: {
              description:
                'The ranking could not be loaded (the last one stays shown): tried again in 15 s while the campaign runs, or on "retry".',
              on: { 'ranking.retry': 'loading' },
              after: { rankingRefresh: { guard: 'isOpen', target: 'loading' } },
            },
          },
        },
        showcase: {
          initial: 'none',
          states: {
            none: { description: 'No showcase to load (none, or the povo shop’s link).' },
            loading: {
              invoke: {
                id: 'loadThemes',
                src: 'loadThemes',
                onDone: {
                  target: 'shown',
                  actions: { type: 'storeThemes', params: ({ event }) => event.output },
                },
                onError: { target: 'failed', actions: reported },
              },
            },
            shown: {},
            failed: { on: { 'themes.retry': 'loading' } },
          },
        },
      },
    },
  },
})
