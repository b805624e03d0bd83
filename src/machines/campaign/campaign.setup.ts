import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'
import type { CampaignAnswer, CampaignRankingAnswer } from '../../contract/campaign.ts'
import type { LiverTheme } from '../../contract/liver-theme.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface CampaignInput {
  /** What follows `/lp/` in the address (`idolcup/ranking`, `povo/m1`). */
  path: string
  nowMs: number
}

export interface CampaignContext extends CampaignInput {
  campaign: CampaignAnswer | null
  ranking: CampaignRankingAnswer | null
  /** The liver themes' showcase (null until loaded, or for another showcase). */
  themes: LiverTheme[] | null
}

export type CampaignEvent =
  | { type: 'campaign.retry' }
  | { type: 'ranking.retry' }
  | { type: 'themes.retry' }
  | { type: 'clock.tick'; nowMs: number }

/**
 * A scheduled ranking is loaded again this long after its announced update, so a server whose
 * clock is a little behind the device's has made the update by then.
 */
export const UPDATE_GRACE_MS = 2_000

/** Seconds left until a scheduled ranking's next update (null: not a scheduled one). */
export function secondsToUpdate(
  ranking: CampaignRankingAnswer | null,
  nowMs: number,
): number | null {
  if (ranking?.next_update_at == null) return null
  return Math.max(0, Math.ceil((ranking.next_update_at * 1000 - nowMs) / 1000))
}

/** The loaded campaign's id (the ranking region runs only once it is loaded). */
export function campaignIdOf(context: { campaign: CampaignAnswer | null }): number {
  if (!context.campaign) throw new Error('the campaign is not loaded')
  return context.campaign.campaign_id
}

const isConnectionLost = (error: unknown) => {
  const kind = failureOf(error).kind
  return kind === 'network' || kind === 'timeout'
}

export const campaignSetup = setup({
  types: {
    context: {} as CampaignContext,
    events: {} as CampaignEvent,
    input: {} as CampaignInput,
  },
  actors: {
    loadCampaign: fromPromise<CampaignAnswer, { path: string }>(notProvided('loadCampaign')),
    loadRanking: fromPromise<CampaignRankingAnswer, { campaignId: number }>(
      notProvided('loadRanking'),
    ),
    loadThemes: fromPromise<LiverTheme[]>(notProvided('loadThemes')),
    /** `clock.tick` with the time, at once and every `intervalMs`. */
    clock: fromCallback<{ type: 'clock.tick'; nowMs: number }, { intervalMs: number }>(
      notProvided('clock'),
    ),
  },
  actions: {
    /** Shown to the visitor (a network error's toast) and reported as the house does (SPEC §8). */
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, campaign: CampaignAnswer) => ({ campaign })),
    storeRanking: assign((_, ranking: CampaignRankingAnswer) => ({ ranking })),
    storeThemes: assign((_, themes: LiverTheme[]) => ({ themes })),
    tick: assign(({ event }) => {
      assertEvent(event, 'clock.tick')
      return { nowMs: event.nowMs }
    }),
  },
  guards: {
    isNotFound: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return failure.kind === 'server' && failure.status === 404
    },
    isConnectionLost: (_, params: { error: unknown }) => isConnectionLost(params.error),
    /** The campaign shows a ranking and the liver themes' gallery. */
    showsRankingAndThemes: (_, campaign: CampaignAnswer) =>
      campaign.ranking !== null && campaign.showcase === 'liver_themes',
    showsRanking: (_, campaign: CampaignAnswer) => campaign.ranking !== null,
    showsThemes: (_, campaign: CampaignAnswer) => campaign.showcase === 'liver_themes',
    /** The ranking stands as of its last scheduled update and names the next one. */
    isScheduled: (_, ranking: CampaignRankingAnswer) => ranking.next_update_at !== null,
    /** The campaign runs: its live ranking moves. */
    isOpen: ({ context }) => context.campaign?.status === 'open',
    updateDue: ({ context, event }) =>
      event.type === 'clock.tick' &&
      context.ranking?.next_update_at != null &&
      event.nowMs >= context.ranking.next_update_at * 1000 + UPDATE_GRACE_MS,
  },
  delays: {
    /** A live ranking is loaded again this often while the page is open. */
    rankingRefresh: 15_000,
    /** After a lost connection the campaign is asked for again by itself. */
    reconnect: 5_000,
  },
})
