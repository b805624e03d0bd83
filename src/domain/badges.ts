/**
 * Badges (SPEC §3 Badge/title ids), shown beside a name in comments (`ua`), gift logs, rankings
 * and profiles. A user's badge comes from the room they own and from their account:
 * - 4 official: the owner of an official room;
 * - 110 gold, 111 silver, 112 bronze: the room is 1st, 2nd or 3rd in this Tokyo month's ranking
 *   of every genre; 113–117 pink: within the top 10, 48, 50, 100 or 300 of it;
 * - 2 start: the room's first live was within the last 30 days;
 * - 1 begin: an account younger than 7 days;
 * - 0: none. The first that applies, in that order, is the badge.
 */
export const BADGES = {
  none: 0,
  begin: 1,
  start: 2,
  official: 4,
  gold: 110,
  silver: 111,
  bronze: 112,
  top10: 113,
  top48: 114,
  top50: 115,
  top100: 116,
  top300: 117,
} as const
export type BadgeId = (typeof BADGES)[keyof typeof BADGES]

/** The ranking places the pink tiers reach down to, in order. */
const PINK_TIERS: ReadonlyArray<[number, BadgeId]> = [
  [10, BADGES.top10],
  [48, BADGES.top48],
  [50, BADGES.top50],
  [100, BADGES.top100],
  [300, BADGES.top300],
]

/** The lowest monthly place that earns a badge. */
export const BADGE_RANK_LIMIT = 300
export const START_BADGE_DAYS = 30
export const BEGIN_BADGE_DAYS = 7

/** The badge of a place in the month's ranking (null: none). */
export function rankBadge(rank: number | null): BadgeId | null {
  if (rank === null || rank < 1) return null
  if (rank === 1) return BADGES.gold
  if (rank === 2) return BADGES.silver
  if (rank === 3) return BADGES.bronze
  for (const [limit, badge] of PINK_TIERS) if (rank <= limit) return badge
  return null
}

export interface BadgeFacts {
  ownsOfficialRoom: boolean
  /** The owned room's place in this month's ranking of every genre; null: unranked or no room. */
  monthlyRank: number | null
  /** When the owned room first went live (epoch ms); null: never or no room. */
  firstLiveAtMs: number | null
  /** When the account was made (epoch ms). */
  accountCreatedAtMs: number
}

const DAY_MS = 86_400_000

/** A user's badge from what is known of them (see the module's order). */
export function badgeOf(facts: BadgeFacts, nowMs: number): BadgeId {
  if (facts.ownsOfficialRoom) return BADGES.official
  const ranked = rankBadge(facts.monthlyRank)
  if (ranked !== null) return ranked
  if (facts.firstLiveAtMs !== null && nowMs - facts.firstLiveAtMs < START_BADGE_DAYS * DAY_MS)
    return BADGES.start
  if (nowMs - facts.accountCreatedAtMs < BEGIN_BADGE_DAYS * DAY_MS) return BADGES.begin
  return BADGES.none
}

/** The i18n key of a badge's label ('' for none). */
export const badgeKey = (badge: number): string => {
  const name = Object.entries(BADGES).find(([, id]) => id === badge)?.[0]
  return name && name !== 'none' ? `badge.${name}` : ''
}
