/*
 * A room's next live (issue #20): the owner's form and the server check it by these rules.
 * Times are Tokyo wall time (UTC+9 all year), as a datetime-local field gives them.
 */

const TOKYO_OFFSET_MS = 9 * 3_600_000
/** How far ahead a live may be scheduled. */
export const SCHEDULE_AHEAD_DAYS = 365
export const NEXT_LIVE_TITLE_MAX = 40

export const SCHEDULE_MESSAGES = {
  past: '過去の日時は設定できません。',
  tooFar: `${SCHEDULE_AHEAD_DAYS}日先までの日時を指定してください。`,
  badTime: '日時を正しく入力してください。',
  title: `タイトルは${NEXT_LIVE_TITLE_MAX}文字までです。`,
} as const

/** Epoch ms of Tokyo wall time `YYYY-MM-DDTHH:mm`, or null when it is no real time. */
export function tokyoWallTime(local: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!m) return null
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number]
  const ms = Date.UTC(y, mo - 1, d, h, mi) - TOKYO_OFFSET_MS
  const back = new Date(ms + TOKYO_OFFSET_MS)
  // 2026-02-30 rolls into March: not a date anyone meant.
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 ? ms : null
}

/**
 * A unix time (seconds) as the Tokyo wall time a datetime-local field holds
 * ('YYYY-MM-DDTHH:mm'): what the owner's form shows and sends back.
 */
export const tokyoLocalInput = (epoch: number): string =>
  new Date(epoch * 1000 + TOKYO_OFFSET_MS).toISOString().slice(0, 16)

/** "12/26 18:00": a schedule as the room and the follow page show it (Tokyo). */
export function scheduleText(ms: number): string {
  const t = new Date(ms + TOKYO_OFFSET_MS)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${t.getUTCMonth() + 1}/${t.getUTCDate()} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`
}

/** What is wrong with a schedule, per field (none: it may be saved). */
export function scheduleProblems(
  input: { startsAt: string; title: string },
  nowMs: number,
): Partial<Record<'starts_at' | 'title', string>> {
  const problems: Partial<Record<'starts_at' | 'title', string>> = {}
  if (input.title.trim().length > NEXT_LIVE_TITLE_MAX) problems.title = SCHEDULE_MESSAGES.title
  const ms = tokyoWallTime(input.startsAt)
  if (ms === null) problems.starts_at = SCHEDULE_MESSAGES.badTime
  else if (ms <= nowMs) problems.starts_at = SCHEDULE_MESSAGES.past
  else if (ms > nowMs + SCHEDULE_AHEAD_DAYS * 86_400_000)
    problems.starts_at = SCHEDULE_MESSAGES.tooFar
  return problems
}
