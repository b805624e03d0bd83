import type { CampaignLayout } from '../src/contract/campaign.ts'

/**
 * SPEC §2's `/lp/*` routes and the layout the demo draws each in (server/db/seed-campaigns.ts):
 * the server's page test and the browser tour walk the same list. `povo/*` takes any measure.
 */
export const CAMPAIGN_ROUTES: ReadonlyArray<readonly [path: string, layout: CampaignLayout]> = [
  ['bgm', 'lp'],
  ['liver-theme', 'liver-theme'],
  ['showroomcard', 'lp'],
  ['whiteday2024', 'whiteday2024'],
  ['idolcup', 'liver-ranking'],
  ['idolcup/ranking', 'liver-ranking'],
  ['gift_ranking/1', 'liver-ranking'],
  ['newcomer_liver', 'liver-ranking'],
  ['newcomer_liver/ranking', 'liver-ranking'],
  ['newcomer_liver/update_ranking', 'liver-ranking'],
  ['oshihajime2024', 'oshihajime'],
  ['povo/spring', 'povo'],
]
