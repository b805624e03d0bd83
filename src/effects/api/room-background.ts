import type {
  BackgroundCurrentBody,
  BackgroundFavoriteBody,
  BackgroundFixedBody,
  RoomBackgroundsAnswer,
} from '../../contract/room-background.ts'
import type {
  BackgroundRequest,
  BackgroundSaved,
} from '../../machines/room-background/room-background.machine.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/room_backgrounds`: the owner's backgrounds and the room's state (403 NO_ROOM without a room). */
export const getRoomBackgrounds = (api: ApiClient) =>
  api.get<RoomBackgroundsAnswer>('/api/room_backgrounds')

/** The path and JSON body of one change. */
function call(request: BackgroundRequest): [string, object] {
  switch (request.op) {
    case 'current':
      return ['current', { background_id: request.id } satisfies BackgroundCurrentBody]
    case 'reset':
      return ['reset', {}]
    case 'favorite':
      return [
        'favorite',
        {
          background_id: request.id,
          is_favorite: request.isFavorite,
        } satisfies BackgroundFavoriteBody,
      ]
    case 'fixed':
      return ['fixed', { is_fixed: request.isFixed } satisfies BackgroundFixedBody]
  }
}

/** `POST /api/room_backgrounds/{current,reset,favorite,fixed}` (JSON): the state after it. */
export async function saveRoomBackground(
  api: ApiClient,
  request: BackgroundRequest,
): Promise<BackgroundSaved> {
  const [path, body] = call(request)
  const answer = await api.postJson<RoomBackgroundsAnswer>(`/api/room_backgrounds/${path}`, body)
  return { request, answer }
}
