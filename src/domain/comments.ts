/** SPEC.md §9 comment view constants. */
export const VISIBLE_START = 50
export const VISIBLE_MAX = 100
export const STOCK_MAX = 100
/** Comments made only of a number up to this are hidden counters (SPEC.md §4, §5). */
export const COUNTER_MAX = 50

/** A comment as `comment_log` and the push socket give it (fixtures/showroom-api/comment_log.json). */
export interface CommentEntry {
  comment: string
  name: string
  user_id: number
  avatar_id: number
  avatar_url: string
  ua: number
  aft: number
  created_at: number
  is_liver_comment?: boolean
}

/** SPEC.md §4 system-log target types. */
export const LOG_TARGET = { all: 0, flagged: 1, owner: 2, self: 3 } as const
export type LogTarget = (typeof LOG_TARGET)[keyof typeof LOG_TARGET]

export interface SystemLog {
  id: string
  targetType: LogTarget
  /** The user the log is about (and, for self-only logs, the only one who sees it). */
  userId: number | null
  text: string
}

/** '12', '０', '５０' (full-width too), with spaces around: a hidden counter comment. */
export function isCounterComment(text: string): boolean {
  const ascii = text
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
  if (!/^\d{1,3}$/.test(ascii)) return false
  return Number(ascii) <= COUNTER_MAX
}

/** Who sees a system log: target type, the viewer's role, and mutes (SPEC.md §4, §6). */
export function isLogVisible(
  log: SystemLog,
  viewer: { userId: number | null; isOwner: boolean; mutedUserIds: readonly number[] },
): boolean {
  if (log.userId !== null && viewer.mutedUserIds.includes(log.userId)) return false
  switch (log.targetType) {
    case LOG_TARGET.all:
    case LOG_TARGET.flagged:
      return true
    case LOG_TARGET.owner:
      return viewer.isOwner
    case LOG_TARGET.self:
      return viewer.userId !== null && log.userId === viewer.userId
  }
}

/** Keeps the newest `max` items. */
export function keepNewest<T>(items: readonly T[], max: number): T[] {
  return items.length > max ? items.slice(items.length - max) : [...items]
}
