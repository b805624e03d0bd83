import type {
  MissionAnswer,
  MissionQuery,
  MissionReceiveAnswer,
  MissionReceiveBody,
} from '../../contract/mission.ts'
import type { ApiClient } from './client.ts'

/**
 * `GET /api/mission[?room_id=]`: the genre lists as the caller stands on them (the catalogue
 * with no progress for an anonymous caller). `roomId` is the room the panel is open in.
 */
export const getMissions = (api: ApiClient, roomId?: number) =>
  api.get<MissionAnswer>(
    '/api/mission',
    roomId === undefined ? undefined : ({ room_id: String(roomId) } satisfies MissionQuery),
  )

/** `POST /api/mission/receive`: one reward of an achieved mission; answers the mission after. */
export const receiveMission = (api: ApiClient, missionId: number) =>
  api.postForm<MissionReceiveAnswer>('/api/mission/receive', {
    mission_id: missionId,
  } satisfies MissionReceiveBody)
