import { failureOf } from '../../domain/api-failure.ts'
import type {
  DrawCount,
  DrawResponse,
  DrawnPrize,
  GachaSummary,
  PrizeOdds,
} from '../../domain/gacha.ts'
import type { AdWatch } from '../../machines/ad-watch/ad-watch.machine.ts'
import type { GachaPageData } from '../../machines/gacha/gacha.machine.ts'
import type { ApiClient } from './client.ts'

/** `/api/gachas`: the lotteries open now. */
export const getGachas = (api: ApiClient) =>
  api.get<{ gachas: GachaSummary[] }>('/api/gachas').then((r) => r.gachas)

interface ShowGold {
  gold: number
  expiring_gold: number
}

/**
 * A gacha page: the gacha and its odds; for a logged-in user also the balance and what is left
 * today (draws of the daily gacha, or ad watches, where SPEC §8's can_watch 404 means none).
 */
export async function loadGachaPage(
  api: ApiClient,
  gachaId: number,
  loggedIn: boolean,
): Promise<GachaPageData> {
  const info = await api.get<{ gacha: GachaSummary; prizes: PrizeOdds[] }>(`/api/gachas/${gachaId}`)
  if (!loggedIn) return { ...info, wallet: null, remainingToday: null }
  const remaining =
    info.gacha.kind === 'ad_reward'
      ? api
          .get<{ remaining_count: number | null }>('/api/ad_reward/can_watch', {
            gacha_id: gachaId,
          })
          .then(
            (r) => r.remaining_count,
            (error: unknown) => {
              // 404 is rethrown to us: no watch is left today.
              if (failureOf(error).status === 404) return 0
              throw error
            },
          )
      : api
          .get<{ remaining_today: number | null }>(`/api/gachas/${gachaId}/user`)
          .then((r) => r.remaining_today)
  const [gold, remainingToday] = await Promise.all([
    api.get<ShowGold>(`/api/gachas/${gachaId}/draw/showgold`),
    remaining,
  ])
  return {
    ...info,
    wallet: { gold: gold.gold, expiringGold: gold.expiring_gold },
    remainingToday,
  }
}

/** `/api/gachas/{id}/draw`: 1 or 10 draws (404 reaches the caller, SPEC §8). */
export const drawGacha = (api: ApiClient, gachaId: number, count: DrawCount) =>
  api.postForm<DrawResponse>(`/api/gachas/${gachaId}/draw`, { draw_count: String(count) })

export interface DrawHistoryEntry {
  draw_id: number
  gacha_id: number
  gacha_name: string
  draw_count: number
  price: number
  source: 'gold' | 'free' | 'ad'
  created_at: number
  prizes: Array<Omit<DrawnPrize, 'num'>>
}

export interface DrawHistory {
  page: number
  has_next: boolean
  hist: DrawHistoryEntry[]
}

/** `/api/gachas/user/hist`: the user's draws, a page at a time. */
export const getDrawHistory = (api: ApiClient, page: number) =>
  api.get<DrawHistory>('/api/gachas/user/hist', { page })

/** The ad watch: start it, read it back, say it played through, and draw for it. */
export const startAdWatch = (api: ApiClient, gachaId: number) =>
  api.postForm<AdWatch>('/api/ad_reward/watch', { gacha_id: String(gachaId) })
export const getAdWatch = (api: ApiClient, watchId: string) =>
  api.get<AdWatch>('/api/ad_reward/watch', { watch_id: watchId })
export const completeAdWatch = (api: ApiClient, watchId: string) =>
  api.postForm<AdWatch>('/api/ad_reward/watch/complete', { watch_id: watchId })
export const rewardAdWatch = (api: ApiClient, watchId: string) =>
  api.postForm<DrawResponse>('/api/ad_reward/gacha/reward', { watch_id: watchId })
