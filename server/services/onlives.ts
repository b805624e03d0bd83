import { sql } from 'kysely'
import type { OnliveGenre } from '../../src/domain/api-types.ts'
import { PICKUP_GENRE_ID, PICKUP_GENRE_NAME } from '../../src/domain/onlives.ts'
import type { Db } from '../db/index.ts'

export async function countOnlives(db: Db): Promise<number> {
  const row = await db
    .selectFrom('lives')
    .select(sql<number>`count(*)::int`.as('num'))
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow()
  return row.num
}

/**
 * Rooms on air grouped by genre, most watched first. With `pickup` only the editorial Pick Up
 * group (genre 8) is returned; the client prepends it to the full list (SPEC.md §7).
 */
export async function listOnlives(
  db: Db,
  options: {
    pickup: boolean
    origin: string
    locale: 'ja' | 'en'
    /** Only the rooms this user follows (`is_follow` true), of one genre if given. */
    followedBy?: { userId: number; genreId: number | undefined }
    /** Only the lives with this tag. */
    tag?: string
  },
): Promise<OnliveGenre[]> {
  let q = db
    .selectFrom('lives')
    .innerJoin('rooms', 'rooms.id', 'lives.room_id')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .select([
      'lives.id as live_id',
      'lives.started_at',
      'lives.view_num',
      'lives.live_type',
      'lives.bcsvr_key',
      'lives.source',
      'rooms.id as room_id',
      'rooms.room_url_key',
      'rooms.main_name',
      'rooms.sub_name',
      'rooms.color',
      'rooms.official_lv',
      'rooms.follower_num',
      'rooms.genre_id',
      'genres.name as genre_name',
      'genres.name_en as genre_name_en',
      'genres.sort_order',
      sql<string[]>`coalesce((select array_agg(t.tag order by t.position) from live_tags t
        where t.live_id = lives.id), '{}')`.as('tags'),
    ])
    .where('lives.ended_at', 'is', null)
  if (options.pickup) q = q.where('rooms.is_pickup', '=', true)
  const tag = options.tag
  if (tag !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('live_tags')
          .select('live_tags.live_id')
          .whereRef('live_tags.live_id', '=', 'lives.id')
          .where('live_tags.tag', '=', tag),
      ),
    )
  }
  const followed = options.followedBy
  if (followed) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.room_id')
          .whereRef('follows.room_id', '=', 'rooms.id')
          .where('follows.user_id', '=', followed.userId),
      ),
    )
    if (followed.genreId !== undefined) q = q.where('rooms.genre_id', '=', followed.genreId)
  }
  const rows = await q.orderBy('genres.sort_order').orderBy('lives.view_num', 'desc').execute()

  const groups = new Map<number, OnliveGenre>()
  for (const r of rows) {
    const genreId = options.pickup ? PICKUP_GENRE_ID : r.genre_id
    let group = groups.get(genreId)
    if (!group) {
      const name = options.pickup
        ? PICKUP_GENRE_NAME
        : options.locale === 'en'
          ? r.genre_name_en
          : r.genre_name
      group = { genre_id: genreId, genre_name: name, lives: [] }
      groups.set(genreId, group)
    }
    group.lives.push({
      room_url_key: r.room_url_key,
      official_lv: r.official_lv,
      sub_name: r.sub_name,
      color: r.color,
      follower_num: r.follower_num,
      started_at: Math.floor(r.started_at.getTime() / 1000),
      live_id: r.live_id,
      is_follow: followed !== undefined,
      streaming_url_list: [
        {
          is_default: true,
          // The room's automatic (all-qualities) playlist: an OBS live's from the media host.
          url: `${options.origin}/hls/${encodeURIComponent(r.room_url_key)}/${r.source === 'rtmp' ? 'live/' : ''}abr.m3u8`,
          label: '自動',
          id: 100,
          type: 'hls',
          quality: 0,
        },
      ],
      live_type: r.live_type,
      tags: r.tags,
      image: `${options.origin}/img/room/${r.room_id}.svg`,
      view_num: r.view_num,
      genre_id: r.genre_id,
      main_name: r.main_name,
      cell_type: r.genre_id,
      bcsvr_key: r.bcsvr_key,
      room_id: r.room_id,
    })
  }
  return [...groups.values()]
}
