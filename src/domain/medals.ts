/**
 * Medals (issue #18): earned once, by these rules, and kept with the date earned. Each is written
 * in the same transaction as what earned it (a unique key makes a retry or a race earn it once).
 *
 * A room's:
 * - `first_live` — its first live started;
 * - `streak_7`, `streak_30`, `streak_100` — a live on 7, 30 or 100 Tokyo days in a row;
 * - `event_top10` — finished in the top 10 of an event (once per event; `ref_id` the event);
 * - `grade` — reached a grade from C up at a weekly aggregation (once per grade; `ref_id` it).
 * A user's:
 * - `first_comment`, `first_gift` (any gift), `first_paid_gift`, `first_follow`.
 */
export const MEDALS = {
  first_live: { id: 1, owner: 'room' },
  streak_7: { id: 2, owner: 'room' },
  streak_30: { id: 3, owner: 'room' },
  streak_100: { id: 4, owner: 'room' },
  event_top10: { id: 5, owner: 'room' },
  grade: { id: 6, owner: 'room' },
  first_comment: { id: 101, owner: 'user' },
  first_gift: { id: 102, owner: 'user' },
  first_paid_gift: { id: 103, owner: 'user' },
  first_follow: { id: 104, owner: 'user' },
} as const satisfies Record<string, { id: number; owner: 'room' | 'user' }>

export type MedalKind = keyof typeof MEDALS
export type MedalOwner = 'room' | 'user'

/** The days in a row that earn a streak medal, with the medal. */
export const STREAK_MEDALS: ReadonlyArray<[number, MedalKind]> = [
  [7, 'streak_7'],
  [30, 'streak_30'],
  [100, 'streak_100'],
]
/** An event place at or above this earns `event_top10`. */
export const EVENT_MEDAL_RANK = 10
/** Reaching this grade id or a higher one earns a `grade` medal (C). */
export const GRADE_MEDAL_FROM = 3

export const medalKindOf = (id: number): MedalKind | null =>
  (Object.keys(MEDALS) as MedalKind[]).find((k) => MEDALS[k].id === id) ?? null

/** The kinds a room or a user can earn, in catalogue order. */
export const medalKinds = (owner: MedalOwner): MedalKind[] =>
  (Object.keys(MEDALS) as MedalKind[]).filter((k) => MEDALS[k].owner === owner)

/** The streak medals a run of `days` has earned. */
export const streakMedals = (days: number): MedalKind[] =>
  STREAK_MEDALS.filter(([n]) => days >= n).map(([, kind]) => kind)
