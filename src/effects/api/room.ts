import type { CommentEntry } from '../../domain/comments.ts'
import type { EventStanding } from '../../domain/events.ts'
import type { FollowResult, StreamOption } from '../../domain/room.ts'
import type { PollResult } from '../../machines/polling/polling.machine.ts'
import type { ReportCategory, ReportSubmission } from '../../machines/report/report.machine.ts'
import type { Ok } from '../../contract/common.ts'
import type {
  CommentLogAnswer,
  PollingAnswer,
  PostCommentAnswer,
  PostCommentBody,
  RoomQuery,
  StreamingUrlAnswer,
  TelopAnswer,
} from '../../contract/live.ts'
import type {
  BannersAnswer,
  EventAndSupportAnswer,
  FollowAnswer,
  FollowBody,
  RecommendedCommentsAnswer,
  RoomIdQuery,
  RoomStatusAnswer,
  RoomStatusQuery,
  WelcomeAnswer,
  WelcomeBody,
} from '../../contract/room.ts'
import type {
  LiveReportAnswer,
  LiveReportBody,
  ReportCategoriesAnswer,
  UserReportAnswer,
  UserReportBody,
} from '../../contract/reports.ts'
import type { ApiClient } from './client.ts'

/**
 * `/api/room/status`: the room lookup of SPEC.md §3. `owner_broadcast_key` is Kirari's own, so
 * an answer in SHOWROOM's shape may leave it out.
 */
export type RoomStatus = Omit<RoomStatusAnswer, 'owner_broadcast_key'> &
  Partial<Pick<RoomStatusAnswer, 'owner_broadcast_key'>>

export const getRoomStatus = (api: ApiClient, roomUrlKey: string) =>
  api.get<RoomStatus>('/api/room/status', { room_url_key: roomUrlKey } satisfies RoomStatusQuery)

export const getCommentLog = async (api: ApiClient, roomId: number): Promise<CommentEntry[]> =>
  (
    await api.get<CommentLogAnswer>('/api/live/comment_log', {
      room_id: roomId,
    } satisfies RoomQuery)
  ).comment_log

export async function getPolling(api: ApiClient, roomId: number): Promise<PollResult> {
  const p = await api.get<PollingAnswer>('/api/live/polling', { room_id: roomId })
  if ('live_end' in p) return { liveEnd: true, viewers: null, toast: null, missionAchieved: false }
  return {
    liveEnd: false,
    viewers: p.online_user_num,
    toast: p.toast?.message ?? null,
    missionAchieved: p.mission?.has_achievement === true,
  }
}

export const postComment = (api: ApiClient, liveId: number, comment: string) =>
  api.postForm<PostCommentAnswer>('/api/live/post_live_comment', {
    live_id: liveId,
    comment,
    comment_type: '0',
    is_delay: '0',
  } satisfies PostCommentBody)

/** `/api/live/streaming_url`: the playlists of the live; `{}` (no list) off air. */
export const getStreamingUrls = async (api: ApiClient, roomId: number): Promise<StreamOption[]> =>
  (
    await api.get<StreamingUrlAnswer>('/api/live/streaming_url', {
      room_id: roomId,
    } satisfies RoomQuery)
  ).streaming_url_list ?? []

/** `/api/room/follow`: flag 1 follows, 0 unfollows (SPEC §7 Room). */
export async function setFollow(
  api: ApiClient,
  roomId: number,
  follow: boolean,
): Promise<FollowResult> {
  const r = await api.postForm<FollowAnswer>('/api/room/follow', {
    room_id: roomId,
    flag: follow ? 1 : 0,
  } satisfies FollowBody)
  return { isFollowing: r.is_follow, followerNum: r.follower_num }
}

export const getTelop = async (api: ApiClient, roomId: number) =>
  (await api.get<TelopAnswer>('/api/live/telop', { room_id: roomId })).telop

export const getWelcomeComment = async (api: ApiClient, roomId: number) =>
  (await api.get<WelcomeAnswer>('/api/room/welcome_comment', { room_id: roomId })).comment

/** Saves the welcome comment; an empty one deletes it. */
export const saveWelcomeComment = (api: ApiClient, roomId: number, comment: string) =>
  comment === ''
    ? api.delete<Ok & WelcomeAnswer>('/api/room/welcome_comment', { room_id: roomId })
    : api.postForm<Ok & WelcomeAnswer>('/api/room/welcome_comment', {
        room_id: roomId,
        comment,
      } satisfies WelcomeBody)

/**
 * `/api/room/event_and_support`: the event the room is in now and its place there. A failure
 * costs only the badge: the room opens without it.
 */
export const getRoomEvent = async (
  api: ApiClient,
  roomId: number,
): Promise<EventStanding | null> => {
  const answer = await api
    .get<Partial<EventAndSupportAnswer>>('/api/room/event_and_support', {
      room_id: roomId,
    } satisfies RoomIdQuery)
    .catch(() => null)
  const event = answer?.event
  if (!event) return null
  return {
    eventId: event.event_id,
    eventName: event.event_name,
    endedAt: event.ended_at,
    rank: event.ranking.rank,
    point: event.ranking.point,
    gap: event.ranking.gap,
  }
}

export const getBanners = async (api: ApiClient, roomId: number) =>
  (
    await api.get<Partial<BannersAnswer>>('/api/room/banners', {
      room_id: roomId,
    } satisfies RoomIdQuery)
  ).banners ?? []

export const getRecommendedComments = async (api: ApiClient, roomId: number) =>
  (
    await api.get<Partial<RecommendedCommentsAnswer>>('/api/recommended_live_comment', {
      room_id: roomId,
    } satisfies RoomIdQuery)
  ).recommend_comments ?? []

export const getReportCategories = async (api: ApiClient): Promise<ReportCategory[]> =>
  (await api.get<Partial<ReportCategoriesAnswer>>('/api/bad_report/live_bad_report_category_list'))
    .categories ?? []

/** SPEC §7 Reports: a live report, or a user report (place 1: the comment list). */
export const sendReport = (api: ApiClient, report: ReportSubmission) =>
  report.target.kind === 'live'
    ? api.postForm<LiveReportAnswer>('/api/bad_report/live_report', {
        live_id: report.liveId,
        category_id: report.categoryId,
        comment: report.comment,
      } satisfies LiveReportBody)
    : api.postForm<UserReportAnswer>('/api/bad_report/user_report', {
        room_id: report.roomId,
        user_id: report.target.userId,
        category_id: report.categoryId,
        place_id: 1,
        comment: report.comment,
        is_blocked_post: report.block ? 1 : 0,
      } satisfies UserReportBody)
