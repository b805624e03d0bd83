import { hallOf, type HcRoom } from '../../domain/hc.ts'
import type { ApiClient } from './client.ts'
import { getOnlives } from './live.ts'

/**
 * /r/hc's hall: the rooms on air as `/api/live/onlives` lists them (the Pick Up call and the full
 * list), in the hall's order. Genre names are not shown, so the list is asked for in Japanese.
 */
export async function getHall(api: ApiClient): Promise<HcRoom[]> {
  return hallOf(await getOnlives(api, 'ja'))
}
