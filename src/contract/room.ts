import * as v from 'valibot'
import { FlagOr, Id, Text } from './common.ts'

export const RoomIdQuery = v.object({ room_id: Id })

/** `POST /api/room/follow` and `/api/room/update_follow`: flag 1 follows (the default), 0 unfollows. */
export const FollowBody = v.object({ room_id: Id, flag: FlagOr(true) })
export type FollowBody = v.InferInput<typeof FollowBody>

export interface FollowAnswer {
  ok: 1
  is_follow: boolean
  follower_num: number
}

/** `POST /api/room/welcome_comment`: the comment (1–100 characters once trimmed) and is_pinned. */
export const WelcomeBody = v.object({
  room_id: Id,
  comment: Text(1000),
  is_pinned: FlagOr(true),
})
export type WelcomeBody = v.InferInput<typeof WelcomeBody>

/** The welcome comment (`GET /api/room/welcome_comment`, and what saving answers): '' when none. */
export interface WelcomeAnswer {
  comment: string
  is_pinned: boolean
  created_at: number
}

/** `GET /room/is_live` (SHOWROOM's, outside /api): 1 on air, 0 not. */
export interface IsLiveAnswer {
  ok: 0 | 1
}
