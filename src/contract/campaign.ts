import * as v from 'valibot'
import { Id } from './common.ts'

/*
 * Campaign pages (issue #22; SPEC.md §2 `/lp/*`). A campaign is a database record an operator
 * adds without a release (`npm run campaign -- upsert file.json`); one renderer serves every
 * `/lp/*` page with the record's layout.
 */

/** SPEC §2's campaign layouts (`virtual` and `hc` belong to their own pages). */
export const CAMPAIGN_LAYOUTS = [
  'lp',
  'oshihajime',
  'povo',
  'whiteday2024',
  'liver-ranking',
  'liver-theme',
] as const
export type CampaignLayout = (typeof CAMPAIGN_LAYOUTS)[number]

/**
 * The ranking a campaign shows:
 * - `event`: an event's live ranking (idolcup);
 * - `gift`: rooms by the points of one gift received within the campaign's period (gift_ranking);
 * - `newcomer`: rooms whose first live was at most `days` before the period's start, by the
 *   points received within the period (newcomer_liver).
 * `update_every_minutes` > 0 makes it a scheduled ranking: it stands as of the last update
 * (every N minutes from the period's start) and the page counts down to the next one
 * (newcomer_liver/update_ranking). 0: live, as of now.
 */
export type CampaignRankingSource =
  | { kind: 'event'; event_id: number; update_every_minutes: number }
  | { kind: 'gift'; gift_id: number; update_every_minutes: number }
  | { kind: 'newcomer'; days: number; update_every_minutes: number }

/** What a campaign shows beside its body: the liver themes' gallery, or the povo shop's link. */
export const CAMPAIGN_SHOWCASES = ['liver_themes', 'povo_shop'] as const
export type CampaignShowcase = (typeof CAMPAIGN_SHOWCASES)[number]

/** `GET /api/campaign?path=` — `path` is what follows `/lp/` (`idolcup/ranking`, `povo/m1`). */
export const CampaignQuery = v.object({
  path: v.pipe(v.string(), v.regex(/^[a-z0-9][\w-]*(?:\/[\w-]+){0,3}$/i), v.maxLength(200)),
})

export type CampaignStatus = 'upcoming' | 'open' | 'ended'

/** A campaign as a page shows it, in the caller's locale (Japanese where one has no text). */
export interface CampaignAnswer {
  campaign_id: number
  /** The record's path: `povo/*` for a path with a free last segment. */
  path: string
  layout: CampaignLayout
  title: string
  /** One or two sentences: the lead under the title and the share card's description. */
  summary: string
  /** The body's Markdown rendered on the server: raw HTML escaped, only safe links kept. */
  body_html: string
  /** A site path or an https address; '' when the campaign has none. */
  hero_image_url: string
  /** Unix seconds. */
  started_at: number
  ended_at: number
  status: CampaignStatus
  /** A site path (`/event/idolcup`) or an https address. */
  cta: { label: string; url: string } | null
  ranking: CampaignRankingSource | null
  showcase: CampaignShowcase | null
  /** The free last segment of a `…/*` path (`/lp/povo/{measure}`); null otherwise. */
  measure: string | null
  /** The campaign's sibling pages (idolcup ↔ idolcup/ranking), in order, this one included. */
  pages: { path: string; title: string }[]
}

/** `GET /api/campaign/ranking?campaign_id=` */
export const CampaignRankingQuery = v.object({ campaign_id: Id })

export interface CampaignRankingRow {
  rank: number
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  point: number
  is_onlive: boolean
}

export interface CampaignRankingAnswer {
  kind: CampaignRankingSource['kind']
  /** Unix seconds: the moment the ranking stands at (now, or its last update). */
  as_of: number
  /** Unix seconds of the next update of a scheduled ranking; null for a live one or once ended. */
  next_update_at: number | null
  /** The best 30 (fewer when fewer rooms have points), best first. */
  ranking: CampaignRankingRow[]
  /** The event an `event` ranking comes from (its page is linked). */
  event: { event_id: number; event_url_key: string; event_name: string } | null
}
