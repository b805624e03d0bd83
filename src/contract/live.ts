import * as v from 'valibot'
import type { CommentEntry } from '../domain/comments.ts'
import { Id, Ignored, Text } from './common.ts'

/** `GET /api/live/{comment_log,polling,streaming_url}` and friends: one room. */
export const RoomQuery = v.object({ room_id: Id })

/** `GET /api/live/comment_log` (fixtures/showroom-api/comment_log.json), newest first. */
export interface CommentLogAnswer {
  comment_log: CommentEntry[]
}

/**
 * `POST /api/live/post_live_comment` (form): the comment as typed (the rule — 50 characters once
 * trimmed and hidden characters taken out — is domain/comments.ts commentProblem; 400 here only
 * bounds what is read), an optional preset, and SHOWROOM's comment_type / is_delay.
 */
export const PostCommentBody = v.object({
  live_id: Id,
  comment: Text(400),
  recommend_comment_id: v.nullish(v.union([v.literal(''), v.literal('0'), v.literal(0), Id])),
  comment_type: Ignored,
  is_delay: Ignored,
})
export type PostCommentBody = v.InferInput<typeof PostCommentBody>

export interface PostCommentAnswer {
  comment: string
  ua: number
  aft: number
  mission: { has_achievement: boolean }
}

/** `GET /api/live/polling`: off air (fixtures polling_live_end.json) or on air. */
export type PollingAnswer =
  | { live_end: 1; invalid: 1 }
  | {
      is_login: boolean
      online_user_num: number
      live_watch_incentive: Record<string, never>
      toast?: { message: string }
    }

/** `GET /api/live/telop` by room_id, or by live_id as the t:8 frame's `api` names it. */
export const TelopQuery = v.union([v.object({ room_id: Id }), v.object({ live_id: Id })])

export interface TelopAnswer {
  telop: string
  telops: Array<{ text: string; type: 'user'; color: { r: number; g: number; b: number } }>
  interval: number
}
