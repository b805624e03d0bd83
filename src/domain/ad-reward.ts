/** SPEC.md §9: the ad-reward lottery is closed from this unix time (inclusive)… */
export const AD_REWARD_MAINTENANCE_FROM = 1736348400
/** …to this one (exclusive). */
export const AD_REWARD_MAINTENANCE_UNTIL = 1736402400

export const AD_REWARD_MAINTENANCE_PATH = '/lottery/ad_reward/maintenance'

export function isAdRewardMaintenance(unixSeconds: number): boolean {
  return unixSeconds >= AD_REWARD_MAINTENANCE_FROM && unixSeconds < AD_REWARD_MAINTENANCE_UNTIL
}

/** `/lottery/ad_reward` with or without its trailing slash. */
export function isAdRewardEntry(path: string): boolean {
  return path === '/lottery/ad_reward' || path === '/lottery/ad_reward/'
}

/**
 * Where `/lottery/ad_reward` sends the visitor once the ad-reward info is in: `gacha_path` with
 * the original query string, or null (→ 404) when the path is missing or not one of ours.
 */
export function adRewardTarget(gachaPath: unknown, search: string): string | null {
  if (typeof gachaPath !== 'string' || gachaPath === '') return null
  if (!gachaPath.startsWith('/') || gachaPath.startsWith('//')) return null
  const query = search.startsWith('?') ? search.slice(1) : search
  if (!query) return gachaPath
  return gachaPath.includes('?') ? `${gachaPath}&${query}` : `${gachaPath}?${query}`
}
