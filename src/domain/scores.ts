/**
 * Room scores (issue #18): what happened in a room in each Tokyo day, week and month. The
 * database adds the parts as they happen and works the score out of them (migration 015 holds
 * the same weights as SCORE_WEIGHTS; docs/how-the-site-works.md says them too).
 */
export const SCORE_WEIGHTS = {
  paidPoint: 3,
  freePoint: 1,
  viewer: 10,
  comment: 1,
  minuteOnAir: 1,
} as const

export const SCORE_PERIODS = ['day', 'week', 'month'] as const
export type ScorePeriod = (typeof SCORE_PERIODS)[number]

/** What a room's score is made of in one period. */
export interface ScoreParts {
  paidPoints: number
  freePoints: number
  viewers: number
  comments: number
  secondsOnAir: number
}

/** A room's score from its parts, as the database works it out. */
export const scoreOf = (p: ScoreParts): number =>
  p.paidPoints * SCORE_WEIGHTS.paidPoint +
  p.freePoints * SCORE_WEIGHTS.freePoint +
  p.viewers * SCORE_WEIGHTS.viewer +
  p.comments * SCORE_WEIGHTS.comment +
  Math.floor(p.secondsOnAir / 60) * SCORE_WEIGHTS.minuteOnAir

const TOKYO_OFFSET_MS = 9 * 3_600_000
const DAY_MS = 86_400_000

/** YYYY-MM-DD of a UTC date's calendar day. */
const isoDay = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10)

/**
 * The first day (Tokyo, YYYY-MM-DD) of the period holding `epochMs`: the day itself, the week's
 * Monday, the month's 1st. Tokyo is UTC+9 all year.
 */
export function periodStart(period: ScorePeriod, epochMs: number): string {
  const tokyo = epochMs + TOKYO_OFFSET_MS
  const day = Math.floor(tokyo / DAY_MS) * DAY_MS
  if (period === 'day') return isoDay(day)
  if (period === 'week') {
    // getUTCDay: 0 Sunday … 6 Saturday; Monday starts the week.
    const sinceMonday = (new Date(day).getUTCDay() + 6) % 7
    return isoDay(day - sinceMonday * DAY_MS)
  }
  return isoDay(day).slice(0, 8) + '01'
}

/** When (epoch ms) the Tokyo day `isoDay` (YYYY-MM-DD) begins. */
export const tokyoDayStart = (isoDay: string): number =>
  Date.parse(`${isoDay}T00:00:00Z`) - TOKYO_OFFSET_MS

/** When (epoch ms) the period after the one starting on `startsOn` begins. */
export function periodEnd(period: ScorePeriod, startsOn: string): number {
  const start = new Date(`${startsOn}T00:00:00Z`)
  if (period === 'day') return tokyoDayStart(startsOn) + DAY_MS
  if (period === 'week') return tokyoDayStart(startsOn) + 7 * DAY_MS
  return tokyoDayStart(isoDay(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)))
}

/**
 * Time on air from `fromMs` to `toMs` cut at the periods' borders: the seconds each day, week
 * and month it touches gets (whole seconds; a period gets what was on air within it).
 */
export function airtimeShares(
  fromMs: number,
  toMs: number,
): Array<{ period: ScorePeriod; startsOn: string; seconds: number }> {
  const shares: Array<{ period: ScorePeriod; startsOn: string; seconds: number }> = []
  for (const period of SCORE_PERIODS) {
    let at = fromMs
    while (at < toMs) {
      const startsOn = periodStart(period, at)
      const end = Math.min(periodEnd(period, startsOn), toMs)
      const seconds = Math.floor(end / 1000) - Math.floor(at / 1000)
      if (seconds > 0) shares.push({ period, startsOn, seconds })
      at = end
    }
  }
  return shares
}
