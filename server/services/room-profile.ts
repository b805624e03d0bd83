import { sql } from 'kysely'
import type { RoomProfileAnswer } from '../../src/contract/room.ts'
import { MEDALS } from '../../src/domain/medals.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { roomConfig } from './ec-items.ts'
import { roomEvent } from './events/room-event.ts'
import { partyProfileFields } from './parties/channels.ts'
import { RESTART_WINDOW_MS, openLive } from './lives.ts'
import { tagsOf } from './search/live-tags.ts'
import { medalImage } from './rankings/medal-pages.ts'
import { liveStreakDays } from './rankings/medals.ts'
import { gradeFrame, gradeImage, leagueFields, roomStanding } from './rankings/standing.ts'
import { roomImage, roomPageUrl, type Viewer } from './room-pages.ts'
import { viewerState } from './room-social.ts'

/** What the profile reads of the room itself, its last live and the caller's visits: one trip. */
function roomRow(db: Db, roomId: number, userId: number | null) {
  return db
    .selectFrom('rooms')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('lives')
          .select(['room_id', 'started_at', 'ended_at', 'live_type'])
          .where('room_id', '=', roomId)
          .orderBy('id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onRef('last.room_id', '=', 'rooms.id'),
    )
    .select([
      'rooms.id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.main_name',
      'rooms.description',
      'rooms.follower_num',
      'rooms.is_official',
      'rooms.genre_id',
      'genres.name as genre_name',
      'last.started_at as last_started_at',
      'last.ended_at as last_ended_at',
      'last.live_type as last_live_type',
      sql<string>`(select count(*) from live_viewers v join lives l on l.id = v.live_id
        where l.room_id = rooms.id and v.user_id = ${userId ?? 0}::int)`.as('visits'),
    ])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst()
}

/** The room's own banners, and the events it finished in the top 10 of. */
async function extras(db: Db, roomId: number) {
  const [banners, awards] = await Promise.all([
    db
      .selectFrom('room_banners')
      .select(['id', 'url'])
      .where('room_id', '=', roomId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('medals')
      .innerJoin('events', 'events.id', 'medals.ref_id')
      .innerJoin('event_entries', (join) =>
        join
          .onRef('event_entries.event_id', '=', 'events.id')
          .onRef('event_entries.room_id', '=', 'medals.owner_id'),
      )
      .select(['events.id', 'events.name', 'event_entries.final_rank'])
      .where('medals.owner', '=', 'room')
      .where('medals.owner_id', '=', roomId)
      .where('medals.medal_id', '=', MEDALS.event_top10.id)
      .orderBy('events.ended_at', 'desc')
      .execute(),
  ])
  return { banners, awards }
}

/** `GET /api/room/profile`: every field of fixtures/showroom-api/room_profile.json. */
export async function roomProfile(
  db: Db,
  roomId: number,
  viewer: Viewer,
  nowMs = Date.now(),
): Promise<RoomProfileAnswer> {
  const room = await roomRow(db, roomId, viewer.userId)
  if (!room) throw new ApiError(404, messages.notFound)
  const [live, state, ec, standing, streak, event, more, party] = await Promise.all([
    openLive(db, { roomId: room.id }),
    viewerState(db, viewer.userId, room.id, null),
    roomConfig(db, { id: room.id }, null),
    roomStanding(db, room.id, nowMs),
    liveStreakDays(db, room.id),
    roomEvent(db, room.id, nowMs),
    extras(db, room.id),
    partyProfileFields(db, room.id),
  ])
  const [views, tags] = live
    ? await Promise.all([
        db.selectFrom('lives').select('view_num').where('id', '=', live.live_id).executeTakeFirst(),
        tagsOf(db, live.live_id),
      ])
    : [undefined, []]
  const origin = viewer.origin
  const image = roomImage(origin, room.id)
  const shareUrl = roomPageUrl(origin, room.room_url_key)
  const endedMs = room.last_ended_at?.getTime()
  const displayed = !room.is_official
  return {
    room_id: room.id,
    room_url_key: room.room_url_key,
    room_name: room.room_name,
    main_name: room.main_name,
    performer_name: room.main_name,
    description: room.description,
    follower_num: room.follower_num,
    is_official: room.is_official,
    is_onlive: live !== undefined,
    live_id: live?.live_id ?? 0,
    current_live_started_at: live ? Math.floor(live.started_at.getTime() / 1000) : 0,
    view_num: views?.view_num ?? 0,
    genre_id: room.genre_id,
    genre_name: room.genre_name,
    image,
    image_square: image,
    is_follow: state.isFollow,
    share_url: shareUrl,
    share_url_live: shareUrl,
    share_text_live: `${room.main_name}が配信中！\n${shareUrl}`,
    live_tags: tags,
    image_list: [],
    voice_list: [],
    ec_config: {
      sales_available: ec.sales_available,
      is_external_ec: ec.is_external_ec,
      links: ec.links,
    },
    ...leagueFields(standing),
    room_grade_name: displayed ? standing.gradeName : '',
    image_url: gradeImage(origin, standing.gradeId),
    frame_image_url: gradeFrame(origin, standing.gradeId),
    is_displayed: displayed,
    award_list:
      more.awards.length === 0
        ? null
        : more.awards.map((a) => ({
            event_id: a.id,
            event_name: a.name,
            rank: a.final_rank ?? 0,
            image_url: medalImage(origin, MEDALS.event_top10.id),
          })),
    live_continuous_days: streak,
    visit_count: Number(room.visits),
    event,
    last_lived_at: room.last_started_at ? Math.floor(room.last_started_at.getTime() / 1000) : 0,
    last_live_type: room.last_live_type ?? 0,
    has_restart_live: !live && endedMs !== undefined && nowMs - endedMs <= RESTART_WINDOW_MS,
    startable_live_types: [0],
    banner_list:
      more.banners.length === 0
        ? null
        : more.banners.map((b) => ({ image: `${origin}/img/banner/${b.id}.svg`, url: b.url })),
    is_birthday: false,
    birthday: 0,
    room_level: 0,
    youtube_id: '',
    sns_list: [],
    push_send_status: state.pushSend === null ? {} : { status: state.pushSend ? 1 : 0 },
    avatar: { description: '', list: [] },
    is_talk_online: false,
    is_talk_opened: false,
    ...party,
    premium_room_type: 0,
    is_live_tag_campaign_opened: false,
    is_paid_live: false,
    can_paid_live: false,
    paid_live_price: 0,
    paid_live_prices: [],
    paid_live_schedule: { current_price: 0, will_open_at: 0, title: '' },
    recommend_comment_list: [],
    has_more_recommend_comment: false,
    recommend_comment_open_status: 0,
    recommend_comments_url: '',
    recommend_comment_post_url: '',
  }
}
