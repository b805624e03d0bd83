import type { InterruptionReason } from '../contract/push.ts'
import type { EventStanding } from './events.ts'
import type { GiftLogEntry, VoteResult } from './gifts.ts'
/** SPEC.md §9 comment view constants. */
export const VISIBLE_START = 50
export const VISIBLE_MAX = 100
export const STOCK_MAX = 100
/** Comments made only of a number up to this are hidden counters (SPEC.md §4, §5). */
export const COUNTER_MAX = 50
/** SHOWROOM's limit on one comment, in characters. */
export const COMMENT_MAX = 50

/**
 * A comment's length as the limit counts it: trimmed, in characters (code points), so an emoji
 * is one, not the two UTF-16 units an input's `maxLength` would count.
 */
export function commentLength(text: string): number {
  return Array.from(text.trim()).length
}

/** What is wrong with a comment, as typed (before trimming), or null: the form's rule and the server's. */
export function commentProblem(text: string): 'empty' | 'tooLong' | null {
  const length = commentLength(text)
  if (length === 0) return 'empty'
  return length > COMMENT_MAX ? 'tooLong' : null
}

/** The messages of commentProblem (Japanese, as the API answers them). */
export const COMMENT_MESSAGES = {
  empty: 'コメントを入力してください',
  tooLong: `コメントは${COMMENT_MAX}文字以内で入力してください`,
} as const

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
  /**
   * Kirari (issue #23): the commenter is a navigator of the room's (holds a right there now):
   * a staff badge. Always sent by comment_log; from a push frame, its `st: 1`.
   */
  is_staff?: boolean
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
  const trimmed = text.trim()
  // Most comments are longer than any counter: decided without a regular expression.
  if (trimmed.length === 0 || trimmed.length > 3) return false
  const ascii = trimmed.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
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
/** `items` with `item` after them, keeping the newest `max`: one copy, as a new array. */
export function appendNewest<T>(items: readonly T[], item: T, max: number): T[] {
  const out = items.slice(Math.max(0, items.length + 1 - max))
  out.push(item)
  return out
}

export function keepNewest<T>(items: readonly T[], max: number): T[] {
  return items.length > max ? items.slice(items.length - max) : [...items]
}

/**
 * What tells one comment from another: comments carry no id in the SHOWROOM shapes, so the
 * author, the second and the text do (the server allows a user a few comments per ten seconds).
 */
export const commentKey = (c: CommentEntry) => `${c.user_id}:${c.created_at}:${c.comment}`

/**
 * A key per row, unique within `comments`: two comments alike in user, second and text (sent
 * twice quickly) get `#1`, `#2`… after the first, so a list renders and removes each row.
 */
export function rowKeys(comments: readonly CommentEntry[]): string[] {
  const counts = new Map<string, number>()
  return comments.map((c) => {
    const key = commentKey(c)
    const n = counts.get(key) ?? 0
    counts.set(key, n + 1)
    return n === 0 ? key : `${key}#${n}`
  })
}

/** The keys of the comments a viewer already has, bounded: the newest `max` are remembered. */
export class SeenComments {
  private readonly keys = new Set<string>()
  private readonly order: string[] = []
  constructor(private readonly max = 500) {}

  has(c: CommentEntry): boolean {
    return this.keys.has(commentKey(c))
  }

  add(c: CommentEntry): void {
    const key = commentKey(c)
    if (this.keys.has(key)) return
    this.keys.add(key)
    this.order.push(key)
    if (this.order.length > this.max) this.keys.delete(this.order.shift() ?? '')
  }
}

/**
 * After a reconnect: the comments of `comment_log` (newest first) the viewer has not seen, and the
 * comments that arrived on the new socket meanwhile, in time order, each once.
 */
export function mergeBackfill(
  log: readonly CommentEntry[],
  seen: SeenComments,
  arrived: readonly CommentEntry[],
): CommentEntry[] {
  const fresh = new SeenComments(Number.POSITIVE_INFINITY)
  const merged: CommentEntry[] = []
  for (const c of [...[...log].reverse(), ...arrived]) {
    if (seen.has(c) || fresh.has(c)) continue
    fresh.add(c)
    merged.push(c)
  }
  // Stable: equal seconds keep log order, then socket order.
  return merged.sort((a, b) => a.created_at - b.created_at)
}

/** One push frame as read: a comment (t:1) on its own, or what the socket passes on as it is. */
export type PushFrame =
  { type: 'push.comment'; comment: CommentEntry } | Exclude<PushEvent, { type: 'push.comments' }>

/**
 * What the push socket tells a room (SHOWROOM frames t:1, t:2, t:3, t:4, t:8, t:101; Kirari's
 * t:201–205).
 */
export type PushEvent =
  /** The comments of one frame, oldest first: the room renders them once. */
  | { type: 'push.comments'; comments: CommentEntry[] }
  | { type: 'push.gift'; gift: GiftLogEntry }
  | { type: 'push.log'; log: SystemLog }
  | { type: 'push.voteStarted' }
  | { type: 'push.voteEnded'; results: VoteResult[] }
  | { type: 'push.telop'; telop: string }
  | { type: 'push.welcome'; comment: string }
  | { type: 'push.eventStanding'; standing: EventStanding }
  /** An event's ranking moved; `version` is the moment (ms) a reload must at least reflect. */
  | { type: 'push.eventRanking'; eventId: number; version: number }
  | { type: 'push.liveEnd' }
  /** The OBS live's video stopped reaching the site (t:205, Kirari's), or came back. */
  | { type: 'push.interrupted'; interrupted: boolean; reason: InterruptionReason }
  | { type: 'push.connected'; reconnected: boolean }
  | { type: 'push.disconnected' }
