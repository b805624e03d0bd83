import type { InferInput } from 'valibot'
import type { RoomIdQuery, RoomProfileAnswer } from '../../contract/room.ts'
import type {
  FollowGenreQuery,
  FollowGenresAnswer,
  FollowOnlivesAnswer,
  FollowRoomsAnswer,
  FollowRoomsQuery,
  FollowSchedulesAnswer,
  GreetingAnswer,
  GreetingBody,
  GreetingQuery,
  NextLiveAnswer,
  NextLiveBody,
  PushSendAnswer,
  PushSendBody,
  TimeTablesAnswer,
} from '../../contract/follow.ts'
import { FOLLOW_PAGE_DEFAULT } from '../../contract/follow.ts'
import type { FollowGenre, FollowList, FollowTab } from '../../machines/follow/follow.machine.ts'
import type { ApiClient } from './client.ts'

/** Every genre sends no `genre_id` at all. */
const genreQuery = (genre: FollowGenre): FollowGenreQuery =>
  genre === 'all' ? {} : { genre_id: String(genre) }

/** `/api/follow/rooms`: one page (from 1) of the followed rooms, on air first. */
export const getFollowRooms = (api: ApiClient, genre: FollowGenre, page: number) =>
  api.get<FollowRoomsAnswer>('/api/follow/rooms', {
    page: String(page),
    count: String(FOLLOW_PAGE_DEFAULT),
    ...genreQuery(genre),
  } satisfies FollowRoomsQuery)

/** `/api/follow/genres`: the followed rooms' genres, for the filter. */
export const getFollowGenres = (api: ApiClient) => api.get<FollowGenresAnswer>('/api/follow/genres')

/** The first list of a follow page's tab for a genre. */
export async function getFollowList(
  api: ApiClient,
  tab: FollowTab,
  genre: FollowGenre,
): Promise<FollowList> {
  switch (tab) {
    case 'onair': {
      const r = await api.get<FollowOnlivesAnswer>('/api/follow/onlives', genreQuery(genre))
      return { tab, onlives: r.onlives }
    }
    case 'rooms':
      return { tab, answer: await getFollowRooms(api, genre, 1) }
    case 'schedules': {
      const r = await api.get<FollowSchedulesAnswer>('/api/follow/schedules', genreQuery(genre))
      return { tab, schedules: r.schedules }
    }
  }
}

/** `GET /api/room/next_live`: a room's next live (anyone may ask). */
export const getNextLive = (api: ApiClient, roomId: number) =>
  api.get<NextLiveAnswer>('/api/room/next_live', { room_id: String(roomId) })

/** `POST /api/room/next_live` (the owner): sets the next live, or clears it with an empty time. */
export const saveNextLive = (api: ApiClient, body: NextLiveBody) =>
  api.postForm<NextLiveAnswer>('/api/room/next_live', { ...body })

/** `/api/time_table/time_tables`: every room's next lives to come, soonest first. */
export const getTimeTables = async (api: ApiClient) =>
  (await api.get<TimeTablesAnswer>('/api/time_table/time_tables')).time_tables

/** `GET /api/room/greeting`: the owner's greeting, `is_shown` for a follower or the owner. */
export const getGreeting = (api: ApiClient, roomId: number) =>
  api.get<GreetingAnswer>('/api/room/greeting', {
    room_id: String(roomId),
  } satisfies InferInput<typeof GreetingQuery>)

/** `POST /api/room/greeting` (the owner): '' removes it. */
export const saveGreeting = (api: ApiClient, body: GreetingBody) =>
  api.postForm<GreetingAnswer>('/api/room/greeting', { ...body })

/** The viewer's notices of a room: the profile's `push_send_status` (`{}` when not following). */
export const getPushSendStatus = async (api: ApiClient, roomId: number) =>
  (
    await api.get<Pick<RoomProfileAnswer, 'push_send_status'>>('/api/room/profile', {
      room_id: String(roomId),
    } satisfies RoomIdQuery)
  ).push_send_status

/** `POST /api/room/push_send_status`: a follower turns the room's notices on (1) or off (0). */
export const setPushSendStatus = (api: ApiClient, body: PushSendBody) =>
  api.postForm<PushSendAnswer>('/api/room/push_send_status', { ...body })
