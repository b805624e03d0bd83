import type { CampaignAnswer, CampaignRankingAnswer } from '../../contract/campaign.ts'
import type { LiverThemesAnswer } from '../../contract/liver-theme.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/campaign?path=`: the campaign at `/lp/{path}` (a 404 when there is none). */
export const getCampaign = (api: ApiClient, path: string) =>
  api.get<CampaignAnswer>('/api/campaign', { path })

/** `GET /api/campaign/ranking?campaign_id=`: the ranking a campaign shows, as it stands. */
export const getCampaignRanking = (api: ApiClient, campaignId: number) =>
  api.get<CampaignRankingAnswer>('/api/campaign/ranking', { campaign_id: String(campaignId) })

/** `GET /api/liver_themes`: every liver theme, for the `/lp/liver-theme` showcase. */
export const getCampaignThemes = async (api: ApiClient) =>
  (await api.get<LiverThemesAnswer>('/api/liver_themes')).liver_themes
