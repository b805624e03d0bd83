import { periodStart } from '../../../src/domain/scores.ts'

/*
 * The weeks grades are counted in, as Tokyo Mondays (YYYY-MM-DD): shared by the aggregation
 * (grades.ts), the in-memory board (grade-board.ts) and the standing pages (standing.ts).
 */

/**
 * A week is aggregated this long after it ends: a gift whose transaction began just before
 * Monday 00:00 (scores are dated by the transaction's clock) has committed by then.
 */
export const AGGREGATION_GRACE_MS = 5_000

const DAY_MS = 86_400_000

/** The Tokyo day `days` after `isoDay` (YYYY-MM-DD). */
export const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** The last week (its Monday) that has ended, grace included, at `nowMs`: the job's next. */
export const lastEndedWeek = (nowMs: number) =>
  addDays(periodStart('week', nowMs - AGGREGATION_GRACE_MS), -7)

/**
 * The week before this one (its Monday): what the pages ask to have been aggregated. From Monday
 * 00:00 it names the week just ended, grace or not, so a page asked within the grace says the
 * aggregation is still to come instead of showing the week before's grades as settled.
 */
export const previousWeek = (nowMs: number) => addDays(periodStart('week', nowMs), -7)
