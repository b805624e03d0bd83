import type { CommentEntry } from '../../domain/comments.ts'
import type { StreamOption } from '../../machines/player/player.machine.ts'
import type { ApiClient } from './client.ts'

/** `/api/room/status`: the room lookup of SPEC.md §3. */
export interface RoomStatus {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  description: string
  image: string
  is_official: boolean
  follower_num: number
  broadcast_host: string
  broadcast_key: string
  is_live: boolean
  live_id: number
  started_at: number
  is_owner: boolean
}

export type Polling = { live_end: 1; invalid: 1 } | { is_login: boolean; online_user_num: number }

export const getRoomStatus = (api: ApiClient, roomUrlKey: string) =>
  api.get<RoomStatus>('/api/room/status', { room_url_key: roomUrlKey })

export const getCommentLog = async (api: ApiClient, roomId: number) =>
  (await api.get<{ comment_log: CommentEntry[] }>('/api/live/comment_log', { room_id: roomId }))
    .comment_log

export const getPolling = (api: ApiClient, roomId: number) =>
  api.get<Polling>('/api/live/polling', { room_id: roomId })

export const postComment = (api: ApiClient, liveId: number, comment: string) =>
  api.postForm<{ comment: string }>('/api/live/post_live_comment', {
    live_id: liveId,
    comment,
    comment_type: 0,
    is_delay: 0,
  })

/** `/api/live/streaming_url`: the playlists of the live; `{}` (no list) off air. */
export const getStreamingUrls = async (api: ApiClient, roomId: number) =>
  (
    await api.get<{ streaming_url_list?: StreamOption[] }>('/api/live/streaming_url', {
      room_id: roomId,
    })
  ).streaming_url_list ?? []
