import type { ApiClient } from './client.ts'

/** `/api/ad_reward/gacha`: where the ad-reward lottery currently lives. */
export const getAdRewardGacha = (api: ApiClient) =>
  api.get<{ gacha_path?: string | null }>('/api/ad_reward/gacha')
