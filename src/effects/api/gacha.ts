import { failureOf } from '../../domain/api-failure.ts'
import type { DrawCount } from '../../domain/gacha.ts'
import type {
  AdWatchAnswer,
  CanWatchAnswer,
  CanWatchQuery,
  DrawAnswer,
  DrawBody,
  DrawHistoryAnswer,
  DrawHistoryEntry,
  GachaInfoAnswer,
  GachasAnswer,
  HistoryQuery,
  ShowGoldAnswer,
  StartWatchBody,
  UserDrawCountAnswer,
  WatchBody,
} from '../../contract/gacha.ts'
import type { GachaPageData } from '../../machines/gacha/gacha.machine.ts'
import { newIdempotencyKey, type ApiClient } from './client.ts'

/** `/api/gachas`: the lotteries open now. */
export const getGachas = (api: ApiClient) =>
  api.get<GachasAnswer>('/api/gachas').then((r) => r.gachas)

/**
 * A gacha page: the gacha and its odds; for a logged-in user also the balance and what is left
 * today (draws of the daily gacha, or ad watches, where SPEC §8's can_watch 404 means none).
 */
export async function loadGachaPage(
  api: ApiClient,
  gachaId: number,
  loggedIn: boolean,
): Promise<GachaPageData> {
  const info = await api.get<GachaInfoAnswer>(`/api/gachas/${gachaId}`)
  if (!loggedIn) return { ...info, wallet: null, remainingToday: null }
  const remaining =
    info.gacha.kind === 'ad_reward'
      ? api
          .get<CanWatchAnswer>('/api/ad_reward/can_watch', {
            gacha_id: gachaId,
          } satisfies CanWatchQuery)
          .then(
            (r) => r.remaining_count,
            (error: unknown) => {
              // 404 is rethrown to us: no watch is left today.
              if (failureOf(error).status === 404) return 0
              throw error
            },
          )
      : api.get<UserDrawCountAnswer>(`/api/gachas/${gachaId}/user`).then((r) => r.remaining_today)
  const [gold, remainingToday] = await Promise.all([
    api.get<ShowGoldAnswer>(`/api/gachas/${gachaId}/draw/showgold`),
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
  api.postForm<DrawAnswer>(
    `/api/gachas/${gachaId}/draw`,
    { draw_count: String(count) } satisfies DrawBody,
    // Gold spent: the server runs a retried draw once (issue #40).
    { idempotencyKey: newIdempotencyKey() },
  )

export type { DrawHistoryEntry }
export type DrawHistory = DrawHistoryAnswer

/** `/api/gachas/user/hist`: the user's draws, a page at a time. */
export const getDrawHistory = (api: ApiClient, page: number) =>
  api.get<DrawHistory>('/api/gachas/user/hist', { page } satisfies HistoryQuery)

/** The ad watch: start it, read it back, say it played through, and draw for it. */
export const startAdWatch = (api: ApiClient, gachaId: number) =>
  api.postForm<AdWatchAnswer>('/api/ad_reward/watch', {
    gacha_id: String(gachaId),
  } satisfies StartWatchBody)
export const getAdWatch = (api: ApiClient, watchId: string) =>
  api.get<AdWatchAnswer>('/api/ad_reward/watch', { watch_id: watchId } satisfies WatchBody)
export const completeAdWatch = (api: ApiClient, watchId: string) =>
  api.postForm<AdWatchAnswer>('/api/ad_reward/watch/complete', {
    watch_id: watchId,
  } satisfies WatchBody)
export const rewardAdWatch = (api: ApiClient, watchId: string) =>
  api.postForm<DrawAnswer>(
    '/api/ad_reward/gacha/reward',
    { watch_id: watchId } satisfies WatchBody,
    { idempotencyKey: newIdempotencyKey() },
  )
