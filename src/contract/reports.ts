import * as v from 'valibot'
import type { Ok } from './common.ts'
import { Flag, FlagOr, Id, OptionalText } from './common.ts'

/** `GET /api/bad_report/live_bad_report_category_list`: the reasons a viewer can pick. */
export interface ReportCategoriesAnswer {
  categories: Array<{ id: number; label: string }>
}

/**
 * The reason and the words of a report: category_id must be one of the list's (its own message
 * otherwise), the comment at most 200 characters once trimmed (services/reports.ts).
 */
const ReportFields = {
  category_id: OptionalText(10),
  comment: OptionalText(2000),
}

/** `POST /api/bad_report/live_report` (form): one report per user per live. */
export const LiveReportBody = v.object({ live_id: Id, ...ReportFields })
export type LiveReportBody = v.InferInput<typeof LiveReportBody>

export interface LiveReportAnswer extends Ok {
  did_send_live_bad_report: true
}

/**
 * `POST /api/bad_report/user_report` (form): a user in a room, where on the page (place_id, up to
 * four digits); the room owner's report with is_blocked_post 1 also blocks their comments.
 */
export const UserReportBody = v.object({
  room_id: Id,
  user_id: Id,
  ...ReportFields,
  /** A number ('' or missing is 0). */
  place_id: v.pipe(OptionalText(4), v.regex(/^\d{0,4}$/), v.transform(Number)),
  is_blocked_post: FlagOr(false),
})
export type UserReportBody = v.InferInput<typeof UserReportBody>

export interface UserReportAnswer extends Ok {
  is_blocked: boolean
}

/** `POST /api/bad_report/block_post` (form): the owner stops (status 1) or allows (0) a user's comments. */
export const BlockPostBody = v.object({ room_id: Id, user_id: Id, status: Flag })
export type BlockPostBody = v.InferInput<typeof BlockPostBody>

export interface BlockPostAnswer extends Ok {
  user_id: number
  is_blocked: boolean
}
