import type { AdRewardGachaAnswer } from '../../contract/gacha.ts'
import type { ApiClient } from './client.ts'

/** `/api/ad_reward/gacha`: where the ad-reward lottery currently lives. */
export const getAdRewardGacha = (api: ApiClient) =>
  api.get<Partial<AdRewardGachaAnswer>>('/api/ad_reward/gacha')
