import type { JewelHistAnswer } from '../../contract/jewel.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/jewel_hist`: the room's earnings from gifts in `month` (null: this Tokyo month). */
export const getJewelHist = (api: ApiClient, roomId: number, month: string | null) =>
  api.get<JewelHistAnswer>('/api/jewel_hist', {
    room_id: String(roomId),
    ...(month ? { month } : {}),
  })
