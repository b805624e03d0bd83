import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import {
  BADGE_RANK_LIMIT,
  BADGES,
  BEGIN_BADGE_DAYS,
  START_BADGE_DAYS,
  badgeOf,
  type BadgeId,
} from '../../../src/domain/badges.ts'
import { periodStart } from '../../../src/domain/scores.ts'
import { mayServeStale } from '../kept-read.ts'

/**
 * Who wears which badge (src/domain/badges.ts), worked out from the month's ranking, the rooms and
 * the new accounts at most once a minute per process and read from memory by every comment, gift
 * log, ranking and profile. A badge is a standing shown beside a name, not a value: a minute late
 * after the ranking moves is what every process of a scaled-out site agrees on soon enough.
 */
export interface BadgeBoard {
  /** The badge of a user (0: none). */
  user(userId: number): BadgeId
  /** The badge of a room, its owner's (0: none). */
  room(roomId: number): BadgeId
}

/** How long a board is used before it is worked out again. */
export const BADGE_BOARD_TTL_MS = 60_000

async function buildBoard(db: Db, nowMs: number): Promise<BadgeBoard> {
  const month = periodStart('month', nowMs)
  const rooms = await sql<{
    room_id: number
    owner_user_id: number | null
    is_official: boolean
    rank: string | null
    first_live: Date | null
    owner_created: Date | null
  }>`
    with ranked as (
      select room_id, row_number() over (order by score desc, room_id) as rank
      from room_scores
      where period = 'month' and starts_on = ${month}::date and score > 0
      order by score desc, room_id
      limit ${BADGE_RANK_LIMIT}::int
    ),
    recent as (
      select room_id, min(started_at) as first_live from lives
      where room_id in (select room_id from lives
        where started_at > now() - make_interval(days => ${START_BADGE_DAYS}::int))
      group by room_id
      having min(started_at) > now() - make_interval(days => ${START_BADGE_DAYS}::int)
    )
    select r.id as room_id, r.owner_user_id, r.is_official, ranked.rank, recent.first_live,
      u.created_at as owner_created
    from rooms r
    left join ranked on ranked.room_id = r.id
    left join recent on recent.room_id = r.id
    left join users u on u.id = r.owner_user_id
    where r.is_official or ranked.rank is not null or recent.first_live is not null`.execute(db)
  const fresh = await db
    .selectFrom('users')
    .select('id')
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${BEGIN_BADGE_DAYS}::int)`)
    .execute()
  const byRoom = new Map<number, BadgeId>()
  const byUser = new Map<number, BadgeId>()
  for (const id of fresh.map((u) => u.id)) byUser.set(id, BADGES.begin)
  for (const r of rooms.rows) {
    const badge = badgeOf(
      {
        ownsOfficialRoom: r.is_official,
        monthlyRank: r.rank === null ? null : Number(r.rank),
        firstLiveAtMs: r.first_live?.getTime() ?? null,
        accountCreatedAtMs: r.owner_created?.getTime() ?? 0,
      },
      nowMs,
    )
    if (badge === BADGES.none) continue
    byRoom.set(r.room_id, badge)
    if (r.owner_user_id !== null) byUser.set(r.owner_user_id, badge)
  }
  return {
    user: (id) => byUser.get(id) ?? BADGES.none,
    room: (id) => byRoom.get(id) ?? BADGES.none,
  }
}

interface Kept {
  /** When the kept board was asked for (the nowMs of its read). */
  at: number
  board: BadgeBoard | null
  loading: Promise<void> | null
}
const boards = new WeakMap<Db, Kept>()

/** No one's badge: what a reader gets when no board could be read (a badge is only a mark). */
export const NO_BADGES: BadgeBoard = { user: () => BADGES.none, room: () => BADGES.none }

/**
 * The badge board of `db`: the kept one while younger than a minute; an older one (up to two
 * minutes, kept-read.ts) is answered at once while a new read runs; past that, or with none, the
 * reader waits for the read. A failed read keeps the old board, or answers NO_BADGES: a badge never fails the
 * comment, gift or page that shows it. One read at a time.
 */
export async function badgeBoard(db: Db, nowMs = Date.now()): Promise<BadgeBoard> {
  let kept = boards.get(db)
  if (!kept) {
    kept = { at: 0, board: null, loading: null }
    boards.set(db, kept)
  }
  const age = nowMs - kept.at
  if (kept.board && age < BADGE_BOARD_TTL_MS) return kept.board
  const entry = kept
  entry.loading ??= buildBoard(db, nowMs)
    .then((board) => {
      entry.board = board
      entry.at = nowMs
    })
    .catch(() => {})
    .finally(() => {
      entry.loading = null
    })
  if (entry.board && mayServeStale(age, BADGE_BOARD_TTL_MS)) return entry.board
  await entry.loading
  return entry.board ?? NO_BADGES
}
