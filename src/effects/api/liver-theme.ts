import type { InferInput } from 'valibot'
import type {
  LiverThemesAnswer,
  RoomLiverThemeAnswer,
  RoomLiverThemeBody,
  RoomLiverThemeQuery,
} from '../../contract/liver-theme.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/liver_themes`: the whole catalogue, in the gallery's order. */
export const getLiverThemes = async (api: ApiClient) =>
  (await api.get<LiverThemesAnswer>('/api/liver_themes')).liver_themes

/** `GET /api/pick_up_liver_themes`: the pick-up themes only. */
export const getPickUpLiverThemes = async (api: ApiClient) =>
  (await api.get<LiverThemesAnswer>('/api/pick_up_liver_themes')).liver_themes

/** `GET /api/room/liver_theme`: the room's theme, or null (public). */
export const getRoomLiverTheme = (api: ApiClient, roomId: number) =>
  api.get<RoomLiverThemeAnswer>('/api/room/liver_theme', {
    room_id: String(roomId),
  } satisfies InferInput<typeof RoomLiverThemeQuery>)

/** `POST /api/room/liver_theme` (the owner): theme 0 takes the theme off. */
export const saveRoomLiverTheme = (api: ApiClient, body: RoomLiverThemeBody) =>
  api.postForm<RoomLiverThemeAnswer>('/api/room/liver_theme', {
    room_id: String(body.room_id),
    theme_id: String(body.theme_id),
  })
