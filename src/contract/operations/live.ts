import { EnqueteStartBody, LiveIdBody, LiveStartBody, PostTelopBody } from '../encoder.ts'
import { BulkGiftBody, GiftBody, GiftUseFlagBody } from '../gifts.ts'
import { IngestStatusQuery } from '../ingest.ts'
import { OnlivesQuery, PostCommentBody, RoomQuery, TelopQuery } from '../live.ts'
import { ObsRoomBody } from '../obs.ts'
import { IceServersQuery } from '../whip.ts'
import { get, post, tagged, type Operation } from './operation.ts'

/** The live area: what a room page plays and shows, gifts, and the owner's broadcasting tools. */
export const liveOperations: Operation[] = [
  ...tagged('Broadcasting', [
    post('/api/encoder/post_telop', {
      summary: "Set the live's telop",
      body: PostTelopBody,
      answer: 'TelopSavedAnswer',
      login: true,
    }),
    post('/api/encoder/delete_telop', {
      summary: "Remove the live's telop",
      body: LiveIdBody,
      answer: 'TelopSavedAnswer',
      login: true,
    }),
    post('/api/encoder/live_start', {
      summary: 'Start a live (or continue one that just ended)',
      body: LiveStartBody,
      answer: 'LiveStartAnswer',
      login: true,
    }),
    post('/api/encoder/live_end', {
      summary: 'End the live',
      body: LiveIdBody,
      answer: 'LiveEndAnswer',
      login: true,
    }),
    post('/api/encoder/enquete_start', {
      summary: 'Open a vote with 2 to 10 answers',
      body: EnqueteStartBody,
      answer: 'EnqueteStartAnswer',
      login: true,
    }),
    post('/api/encoder/enquete_end', {
      summary: 'Close the open vote',
      body: LiveIdBody,
      answer: 'EnqueteEndAnswer',
      login: true,
    }),
    get('/api/live/ingest_status', {
      summary: 'What the media host receives from the encoder (owner)',
      query: IngestStatusQuery,
      answer: 'IngestStatusAnswer',
      login: true,
    }),
    get('/api/obs/obs_key', {
      summary: "The room's stream key, its RTMP URL and its WHIP URL",
      query: ObsRoomBody,
      answer: 'ObsKeyAnswer',
      login: true,
    }),
    post('/api/obs/obs_key', {
      summary: 'A new stream key (the old one stops at once)',
      body: ObsRoomBody,
      answer: 'ObsKeyAnswer',
      login: true,
    }),
    get('/api/encoder/stream_url', {
      summary: 'The RTMP URL and stream key for an encoder',
      query: ObsRoomBody,
      answer: 'StreamUrlAnswer',
      login: true,
    }),
    get('/api/encoder/ice_servers', {
      summary: 'STUN and TURN (time-limited credentials) for the broadcast page',
      query: IceServersQuery,
      answer: 'IceServersAnswer',
      login: true,
    }),
    post('/api/encoder/publish_ready', {
      summary:
        "配信開始 from the broadcast page: the key the owner's last end held publishes again",
      body: ObsRoomBody,
      answer: 'PublishReadyAnswer',
      login: true,
    }),
    get('/api/encoder/origin_endpoint', {
      summary: 'Where encoders send their stream',
      answer: 'OriginEndpointAnswer',
    }),
  ]),
  ...tagged('Gifts', [
    post('/api/live/gifting_free', {
      summary: 'Send a free gift',
      body: GiftBody,
      answer: 'GiftAnswer',
      login: true,
    }),
    post('/api/live/gifting_point_use', {
      summary: 'Send a paid gift (gold)',
      body: GiftBody,
      answer: 'GiftAnswer',
      login: true,
    }),
    get('/api/live/gift_list', { summary: 'Normal and vote gifts', answer: 'GiftListAnswer' }),
    get('/api/live/gift_groups', {
      summary: "The gift panel's tabs with their gifts",
      answer: 'GiftGroupsAnswer',
    }),
    get('/api/live/gift_log', {
      summary: "The live's gifts, newest first",
      query: RoomQuery,
      answer: 'GiftLogAnswer',
    }),
    get('/api/live/enquete_result', {
      summary: "The open vote's results so far, or the last one's",
      query: RoomQuery,
      answer: 'EnqueteResultAnswer',
    }),
    get('/api/live/stage_user_list', {
      summary: "The live's top 10 supporters",
      query: RoomQuery,
      answer: 'StageUsersAnswer',
    }),
    get('/api/live/stage_gift_list', {
      summary: "The live's gifts that stay on its stage (towers, castles), summed per gift",
      query: RoomQuery,
      answer: 'StageGiftsAnswer',
    }),
    get('/api/live/summary_ranking', {
      summary: "The room's top 100 fans across its lives",
      query: RoomQuery,
      answer: 'SummaryRankingAnswer',
    }),
    post('/api/live/bulk_gifting_free', {
      summary: 'Send every free star held, all or nothing',
      body: BulkGiftBody,
      answer: 'BulkGiftAnswer',
      login: true,
    }),
    post('/user/update_gift_use_flg', {
      summary: 'Whether to confirm before gifting with gold',
      body: GiftUseFlagBody,
      answer: 'GiftUseFlagAnswer',
      login: true,
    }),
  ]),
  ...tagged('Live', [
    get('/api/live/current_user', {
      summary: 'The caller as this room sees them: follow, wallet, free gifts',
      query: RoomQuery,
      answer: 'LiveCurrentUserAnswer',
    }),
    get('/api/live/onlive_num', {
      summary: 'How many rooms are on air',
      answer: 'OnliveNumAnswer',
    }),
    get('/api/live/onlives', {
      summary: 'The rooms on air, by genre',
      query: OnlivesQuery,
      answer: 'OnlivesAnswer',
    }),
    get('/api/live/live_info', {
      summary: "The room's live, with the caller's own flags",
      query: RoomQuery,
      answer: 'LiveInfoAnswer',
    }),
    get('/api/live/streaming_url', {
      summary: "The live's playlists (none off air)",
      query: RoomQuery,
      answer: 'StreamingUrlAnswer',
    }),
    get('/api/live/comment_log', {
      summary: "The live's comments, newest first",
      query: RoomQuery,
      answer: 'CommentLogAnswer',
    }),
    get('/api/live/telop', {
      summary: "The telop of a room's live (by room_id or live_id)",
      query: TelopQuery,
      answer: 'TelopAnswer',
    }),
    post('/api/live/post_live_comment', {
      summary: 'Post a comment to a live',
      body: PostCommentBody,
      answer: 'PostCommentAnswer',
      login: true,
    }),
  ]),
]
