import type { OnliveGenre } from '../../domain/api-types.ts'
import type { OnliveNumAnswer, OnlivesAnswer } from '../../contract/live.ts'
import { mergeOnlives } from '../../domain/onlives.ts'
import type { Locale } from '../../domain/locale.ts'
import type { ApiClient } from './client.ts'

export async function getOnliveNum(api: ApiClient): Promise<number> {
  const { num } = await api.get<OnliveNumAnswer>('/api/live/onlive_num')
  return num
}

/** SPEC.md §7: the pick-up call, then the full list skipping serial-code lives; Pick Up first. */
export async function getOnlives(api: ApiClient, locale: Locale): Promise<OnliveGenre[]> {
  const [pickup, all] = await Promise.all([
    api.get<OnlivesAnswer>('/api/live/onlives', { is_pickup: 1, lang: locale }),
    api.get<OnlivesAnswer>('/api/live/onlives', { skip_serial_code_live: 1, lang: locale }),
  ])
  return mergeOnlives(pickup.onlives, all.onlives)
}
