import type { LiveInfoAnswer, RoomQuery } from '../../contract/live.ts'
import type { RoomIdQuery } from '../../contract/room.ts'
import type { RoomPageState } from '../../contract/room-page.ts'
import type { ShowRankAnswer } from '../../contract/grade.ts'
import type { MyRoomRightsAnswer } from '../../contract/navigator.ts'
import type { NavigatorRight } from '../../domain/navigator.ts'
import type { LoadedRoom, MutedUser, StreamOption } from '../../domain/room.ts'
import type { ApiClient } from './client.ts'
import { getGiftLog } from './gifts.ts'
import {
  getBanners,
  getCommentLog,
  getRecommendedComments,
  getRoomEvent,
  getRoomStatus,
  getStreamingUrls,
  getTelop,
  getWelcomeComment,
} from './room.ts'

// A room page's first load: every call the room needs before it shows (SPEC §7).

/**
 * The room owner's badge (`/api/show_rank`). Only a mark beside the name: without it the room
 * still opens, so a failure is no badge.
 */
const getOwnerBadge = (api: ApiClient, roomId: number) =>
  api.get<ShowRankAnswer>('/api/show_rank', { room_id: roomId } satisfies RoomIdQuery).then(
    (rank) => rank.badge,
    () => 0,
  )

/**
 * From live_info: the room's background and whether its live's video is interrupted (issue #38);
 * none and not when it cannot be read (or an older answer leaves them out).
 */
const getLiveInfo = (api: ApiClient, roomId: number) =>
  api
    .get<Partial<LiveInfoAnswer>>('/api/live/live_info', { room_id: roomId } satisfies RoomQuery)
    .then(
      (info) => ({
        background: info.background_image_url ?? null,
        interrupted: info.is_interrupted ?? false,
      }),
      () => ({ background: null, interrupted: false }),
    )

/**
 * A logged-in visitor's navigator rights over the room (issue #23): none for anyone else, and
 * none when they cannot be read (the room opens without the navigator panel).
 */
const getNavigatorRights = (api: ApiClient, roomId: number): Promise<NavigatorRight[]> =>
  api.get<MyRoomRightsAnswer>('/api/navigator/my_rights', { room_id: roomId }).then(
    (mine) => (mine.is_navigator ? mine.rights : []),
    () => [],
  )

/**
 * A room page's first load (SPEC §7): the lookup by `room_url_key`, then in parallel the comment
 * log, gift log, streams, telop, welcome comment, banners and recommended comments, and the owner's
 * badge, the room's background and whether the live is interrupted. Off air only the banners, the
 * badge and the background matter.
 * A logged-in visitor who is not the owner also reads their navigator rights (issue #23).
 */
export async function loadRoom(
  api: ApiClient,
  roomUrlKey: string,
  local: {
    mutedUsers: (roomId: number) => MutedUser[]
    giftSound: () => boolean
    loggedIn?: () => boolean
    /** The room the page was served with (effects/room-page-state.ts), when it is this one. */
    page?: RoomPageState
  } = {
    mutedUsers: () => [],
    giftSound: () => true,
  },
): Promise<LoadedRoom> {
  // With the page's room state (the page this load started on), every call starts at once and
  // the streams are the page's; otherwise the lookup comes first, for the room's id.
  const page = local.page?.room_url_key === roomUrlKey ? local.page : null
  const lookup = getRoomStatus(api, roomUrlKey)
  lookup.catch(() => {})
  const id = page ? page.room_id : (await lookup).room_id
  const badge = getOwnerBadge(api, id)
  const liveInfo = getLiveInfo(api, id)
  const liveLoads = (streams: Promise<StreamOption[]>) =>
    Promise.all([
      getCommentLog(api, id),
      getGiftLog(api, id),
      streams,
      getTelop(api, id),
      getWelcomeComment(api, id),
      getBanners(api, id),
      getRecommendedComments(api, id),
      getRoomEvent(api, id),
    ])
  const early = page?.is_live ? liveLoads(Promise.resolve(page.streaming_url_list)) : null
  // Not awaited when the lookup finds the live over meanwhile.
  early?.catch(() => {})
  const status = await lookup
  const rights =
    local.loggedIn?.() === true && !status.is_owner
      ? getNavigatorRights(api, id)
      : Promise.resolve<NavigatorRight[]>([])
  const [commentLog, giftLog, streams, telop, welcome, banners, recommended, event] = status.is_live
    ? await (early ?? liveLoads(getStreamingUrls(api, id)))
    : [[], [], [], '', '', await getBanners(api, id), [], null]
  return {
    room: {
      roomId: status.room_id,
      roomUrlKey: status.room_url_key,
      roomName: status.room_name,
      mainName: status.main_name,
      description: status.description,
      image: status.image,
      followerNum: status.follower_num,
      isLive: status.is_live,
      liveId: status.live_id,
      broadcastKey: status.broadcast_key,
      ownerBroadcastKey: status.owner_broadcast_key ?? '',
      isOwner: status.is_owner,
      isFollowing: status.is_fav,
      badge: await badge,
      backgroundImageUrl: (await liveInfo).background,
      navigatorRights: await rights,
    },
    commentLog,
    streams,
    telop,
    welcome,
    banners,
    recommended,
    muted: local.mutedUsers(id),
    giftLog,
    giftSound: local.giftSound(),
    event,
    interrupted: status.is_live && (await liveInfo).interrupted,
  }
}

/**
 * A room load started before the visitor's session and device were known (a room page's start,
 * compose/room.ts primeRoomPage), made theirs: their mutes and gift sound, and, for a logged-in
 * visitor who is not the owner, their navigator rights.
 */
export async function completeRoomLoad(
  api: ApiClient,
  early: Promise<LoadedRoom>,
  local: {
    mutedUsers: (roomId: number) => MutedUser[]
    giftSound: () => boolean
    loggedIn?: () => boolean
  },
): Promise<LoadedRoom> {
  const loaded = await early
  const { room } = loaded
  const rights =
    local.loggedIn?.() === true && !room.isOwner ? await getNavigatorRights(api, room.roomId) : []
  return {
    ...loaded,
    room: { ...room, navigatorRights: rights },
    muted: local.mutedUsers(room.roomId),
    giftSound: local.giftSound(),
  }
}
