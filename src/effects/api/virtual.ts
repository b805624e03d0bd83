import type {
  VirtualEventsAnswer,
  VirtualRankingAnswer,
  VirtualRankingPeriod,
  VirtualRoomsAnswer,
} from '../../contract/virtual.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/virtual_liver/rooms`: the virtual livers on air, new and popular. */
export const getVirtualRooms = (api: ApiClient) =>
  api.get<VirtualRoomsAnswer>('/api/virtual_liver/rooms')

/** `GET /api/virtual_liver/events`: the events for virtual livers. */
export const getVirtualEvents = (api: ApiClient) =>
  api.get<VirtualEventsAnswer>('/api/virtual_liver/events')

/** `GET /api/virtual_liver/ranking`: the virtual rooms by points in the period. */
export const getVirtualRanking = (api: ApiClient, period: VirtualRankingPeriod) =>
  api.get<VirtualRankingAnswer>('/api/virtual_liver/ranking', { period })
