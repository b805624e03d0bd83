import * as v from 'valibot'
import { Id } from './common.ts'

export type NoticeKind = 'live_start' | 'schedule' | 'mission' | 'gacha' | 'news'

/** One of a user's notices (`/notice`). */
export interface Notice {
  id: number
  kind: NoticeKind
  title: string
  body: string
  /** Where it leads (a room's page), or ''. */
  url: string
  room_id: number | null
  /** Unix seconds. */
  created_at: number
  is_read: boolean
}

/** `GET /api/notice[?page=]`: the user's notices, newest first, 20 a page. */
export const NoticeListQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/), v.transform(Number)), '1'),
})
export type NoticeListQuery = v.InferInput<typeof NoticeListQuery>

export interface NoticeListAnswer {
  notices: Notice[]
  current_page: number
  next_page: number | null
  unread_num: number
}

/** `GET /api/notice/{id}`: one notice of the user's, marked read. */
export const NoticeParam = v.object({ id: Id })

export interface NoticeAnswer {
  notice: Notice
}
