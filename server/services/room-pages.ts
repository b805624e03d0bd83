/** What a room's page reads (SPEC.md §3, §7 Room): the lookup, profile, banners and presets. */
import { sql } from 'kysely'
import type {
  BannersAnswer,
  RecommendedCommentsAnswer,
  RoomShare,
  RoomStatusAnswer,
  WelcomeAnswer,
} from '../../src/contract/room.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive, ownerPushKey } from './lives.ts'
import { isRoomOrganizer } from './organizers/room-rights.ts'
import { recommendedComments } from './recommended-comments.ts'
import { viewerState, welcomeBody } from './room-social.ts'

/** A room that exists (its genre too), or a 404. */
export async function roomOr404(db: Db, roomId: number) {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'genre_id'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  return room
}

/** Who looks at a room, and the site's origin (pictures and share links are absolute). */
export interface Viewer {
  userId: number | null
  origin: string
}

/** A room's picture (image_s), absolute on the site's origin. */
export const roomImage = (origin: string, roomId: number) => `${origin}/img/room/${roomId}.svg`

/** A room's page on this site: what its shares link to. */
export const roomPageUrl = (origin: string, urlKey: string) => `${origin}/r/${urlKey}`

/** SPEC §3 `share.twitter` of a room (lookup, live info): the text of a post and the room's page. */
export function roomShare(
  origin: string,
  room: { main_name: string; room_url_key: string },
): RoomShare {
  return {
    twitter: {
      text: `${room.main_name}が配信中！ #Kirari`,
      url: roomPageUrl(origin, room.room_url_key),
    },
  }
}

/** The push socket (broadcast_host/port, bcsvr_*): on the site's own origin. */
export function pushServer(origin: string): { host: string; port: number } {
  const url = new URL(origin)
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
  return { host: url.hostname, port }
}

/** `GET /api/room/status`: the room by its URL key, its live and the viewer's relation to it. */
export async function roomStatus(
  db: Db,
  urlKey: string,
  viewer: Viewer,
): Promise<RoomStatusAnswer> {
  const room = await db
    .selectFrom('rooms')
    .selectAll()
    .where('room_url_key', '=', urlKey)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const live = await openLive(db, { roomId: room.id })
  const [state, organizer] = await Promise.all([
    viewerState(db, viewer.userId, room.id, live?.live_id ?? null),
    isRoomOrganizer(db, viewer.userId, room.id),
  ])
  const { origin } = viewer
  const isOwner = viewer.userId !== null && viewer.userId === room.owner_user_id
  const image = roomImage(origin, room.id)
  return {
    room_id: room.id,
    room_url_key: room.room_url_key,
    room_name: room.room_name,
    main_name: room.main_name,
    description: room.description,
    image_s: image,
    image,
    is_official: room.is_official,
    genre_id: room.genre_id,
    follower_num: room.follower_num,
    broadcast_host: pushServer(origin).host,
    broadcast_key: live?.bcsvr_key ?? '',
    is_live: live !== undefined,
    live_id: live?.live_id ?? 0,
    started_at: live ? Math.floor(live.started_at.getTime() / 1000) : 0,
    is_fav: state.isFollow,
    did_send_live_bad_report: state.didReport,
    share: roomShare(origin, room),
    is_owner: isOwner,
    // Kirari: the owner's private push key (who followed during the live), for the owner only.
    owner_broadcast_key: isOwner && live ? ownerPushKey(live) : '',
    // SPEC §3, §6: the room's organizer or one of its navigators there (issue #23).
    isRoomOrganizer: organizer,
  }
}

/** `GET /api/room/welcome_comment`: the pinned comment on top of the comment list, or ''. */
export async function welcomeOf(db: Db, roomId: number): Promise<WelcomeAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select(['welcome_comment', 'welcome_comment_pinned', 'welcome_comment_at'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  return welcomeBody(room)
}

/** `GET /api/room/banners`: the room's own banners, then those shown everywhere. */
export async function roomBanners(db: Db, roomId: number, origin: string): Promise<BannersAnswer> {
  await roomOr404(db, roomId)
  const rows = await db
    .selectFrom('room_banners')
    .select(['id', 'title', 'url'])
    .where((eb) => eb.or([eb('room_id', '=', roomId), eb('room_id', 'is', null)]))
    .orderBy(sql`room_id is null`)
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return {
    banners: rows.map((b) => ({
      id: b.id,
      image: `${origin}/img/banner/${b.id}.svg`,
      url: b.url,
      title: b.title,
    })),
  }
}

/** `GET /api/recommended_live_comment`: preset comments that suit the room's genre. */
export async function roomPresets(db: Db, roomId: number): Promise<RecommendedCommentsAnswer> {
  const room = await roomOr404(db, roomId)
  return { recommend_comments: recommendedComments(room.genre_id) }
}
