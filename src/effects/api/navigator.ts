import type {
  MyRoomRightsAnswer,
  NavigatorPermissionBody,
  NavigatorPermissionsAnswer,
  OrganizerRoomsAnswer,
  RoomOrganizerAnswer,
  RoomOrganizerDecisionBody,
} from '../../contract/navigator.ts'
import type { LiveResultAnswer, LiveResultQuery } from '../../contract/grade.ts'
import type { OwnerPanelData } from '../../machines/owner/owner.machine.ts'
import type { ApiClient } from './client.ts'
import { getRoomStatus } from './room.ts'

/** `GET /api/navigator/permission`: a room's navigators and their rights (organizer or owner). */
export const getNavigatorPermissions = (api: ApiClient, roomId: number) =>
  api.get<NavigatorPermissionsAnswer>('/api/navigator/permission', { room_id: roomId })

/** `POST /api/navigator/permission`: sets one account's rights over the room; [] revokes them. */
export const setNavigatorPermission = (api: ApiClient, body: NavigatorPermissionBody) =>
  api.postJson<NavigatorPermissionsAnswer>('/api/navigator/permission', body)

/** `GET /api/navigator/my_rights`: what the caller may do with the room's tools. */
export const getMyRoomRights = (api: ApiClient, roomId: number) =>
  api.get<MyRoomRightsAnswer>('/api/navigator/my_rights', { room_id: roomId })

/** `GET /api/organizer/rooms`: the organizer's linked rooms, who is on air, their last lives. */
export const getOrganizerRooms = (api: ApiClient) =>
  api.get<OrganizerRoomsAnswer>('/api/organizer/rooms')

/** `POST /api/organizer/rooms`: asks to link a room by its room_url_key (the owner accepts). */
export const linkOrganizerRoom = (api: ApiClient, roomUrlKey: string) =>
  api.postJson<OrganizerRoomsAnswer>('/api/organizer/rooms', { room_url_key: roomUrlKey })

/** `POST /api/room/organizer`: the owner accepts, or declines (ending), the organizer's link. */
export const decideRoomOrganizer = (api: ApiClient, body: RoomOrganizerDecisionBody) =>
  api.postJson<RoomOrganizerAnswer>('/api/room/organizer', body)

/** What `/room/manage/navigator` shows the owner: their room's navigators, and its organizer. */
export interface OwnerNavigators {
  roomId: number
  permissions: NavigatorPermissionsAnswer
  link: RoomOrganizerAnswer['link']
}

/**
 * The owner's page's load: the room found by the owner's own room_url_key, then its navigators
 * and its organizer link side by side.
 */
export async function loadOwnerNavigators(
  api: ApiClient,
  roomUrlKey: string,
): Promise<OwnerNavigators> {
  const roomId = (await getRoomStatus(api, roomUrlKey)).room_id
  const [permissions, organizer] = await Promise.all([
    getNavigatorPermissions(api, roomId),
    api.get<RoomOrganizerAnswer>('/api/room/organizer', { room_id: roomId }),
  ])
  return { roomId, permissions, link: organizer.link }
}

/**
 * A navigator's panel in the room (issue #23): the rights held, and with `stats` the room's last
 * ended live in numbers (none when they cannot be read); no stream, no regulation.
 */
export async function loadNavigatorPanel(api: ApiClient, roomId: number): Promise<OwnerPanelData> {
  const mine = await getMyRoomRights(api, roomId)
  const lastLive = mine.rights.includes('stats')
    ? await api
        .get<LiveResultAnswer>('/api/show_rank/live_result', {
          room_id: roomId,
        } satisfies LiveResultQuery)
        .then(
          (answer) => answer.live_result,
          () => null,
        )
    : null
  return {
    lastLive,
    streamUrl: '',
    streamKey: '',
    regulationStatus: 0,
    flags: { isAbroad: false, isUnder16: false, isUnder18: false },
    rights: mine.rights,
  }
}
