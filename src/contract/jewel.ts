import * as v from 'valibot'
import { Id } from './common.ts'

/*
 * Jewel history (issue #21, SPEC §7 `/api/jewel_hist`): what a liver's room earned from gifts,
 * for its owner only. A "jewel" is a point a room earned from a gift: a paid gift earns its
 * points (1 gold spent = 1 point, so the paid total is the gold viewers spent on the room, as the
 * ledger says), a free gift its points, kept apart. Vote (enquete) gifts are ballots, not
 * support: they earn nothing, as in the room scores. Months are Tokyo's, from the 1st 00:00.
 */

/** A Tokyo month, `YYYY-MM`. */
export const JewelMonth = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))

/** `GET /api/jewel_hist?room_id=&month=`: the month defaults to this Tokyo month. */
export const JewelHistQuery = v.object({
  room_id: Id,
  month: v.optional(JewelMonth),
})
export type JewelHistQuery = v.InferInput<typeof JewelHistQuery>

/** Points earned, paid and free apart. */
export interface JewelPoints {
  paid: number
  free: number
}

/** One live with gifts in the month, or started in it: its gifts within the month. */
export interface JewelLive extends JewelPoints {
  live_id: number
  /** Unix seconds. */
  started_at: number
  /** Unix seconds; null while on air. */
  ended_at: number | null
  /** Viewers who gave it a gift in the month. */
  givers: number
}

export interface JewelHistAnswer {
  room_id: number
  /** The month shown, `YYYY-MM`. */
  month: string
  /** This Tokyo month, `YYYY-MM`: the last one there is to show. */
  current_month: string
  /** The month's totals; `gifts`: how many gifts (each one of `num`) were sent. */
  total: JewelPoints & { gifts: number }
  /** Newest first. */
  lives: JewelLive[]
  /** The twelve months up to the one shown, oldest first (months with nothing are zeros). */
  months: Array<JewelPoints & { month: string }>
}
