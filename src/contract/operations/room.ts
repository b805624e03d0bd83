import {
  FollowGenreQuery,
  FollowRoomsQuery,
  GreetingBody,
  GreetingQuery,
  NextLiveBody,
  NextLiveQuery,
  PushSendBody,
  TimeTablesQuery,
} from '../follow.ts'
import { RoomQuery } from '../live.ts'
import { RoomLiverThemeBody, RoomLiverThemeQuery } from '../liver-theme.ts'
import { PartyChannelsQuery } from '../party.ts'
import { BlockPostBody, LiveReportBody, UserReportBody } from '../reports.ts'
import {
  BackgroundCurrentBody,
  BackgroundFavoriteBody,
  BackgroundFixedBody,
} from '../room-background.ts'
import {
  FollowBody,
  RegulationBody,
  RegulationQuery,
  RoomIdQuery,
  RoomStatusQuery,
  WelcomeBody,
} from '../room.ts'
import { AutocompleteQuery, LiveTagValidateQuery, LiveTagsBody, LiveTagsQuery } from '../search.ts'
import { del, get, post, tagged, type Operation } from './operation.ts'

/** Rooms: status, profile, follow, welcome comment, regulation, backgrounds, themes, tags, reports. */
export const roomOperations: Operation[] = [
  ...tagged('Follow', [
    get('/api/follow/rooms', {
      summary: 'The rooms the caller follows',
      query: FollowRoomsQuery,
      answer: 'FollowRoomsAnswer',
      login: true,
    }),
    get('/api/follow/onlives', {
      summary: 'The followed rooms on air now',
      query: FollowGenreQuery,
      answer: 'FollowOnlivesAnswer',
      login: true,
    }),
    get('/api/follow/schedules', {
      summary: "The followed rooms' next lives, soonest first",
      query: FollowGenreQuery,
      answer: 'FollowSchedulesAnswer',
      login: true,
    }),
    get('/api/time_table/time_tables', {
      summary: "Lives to come (the home page's time table)",
      query: TimeTablesQuery,
      answer: 'TimeTablesAnswer',
    }),
    get('/api/follow/genres', {
      summary: 'The genres of the followed rooms',
      answer: 'FollowGenresAnswer',
      login: true,
    }),
    post('/api/room/push_send_status', {
      summary: 'Whether the caller is notified when a followed room goes live',
      body: PushSendBody,
      answer: 'PushSendAnswer',
      login: true,
    }),
    get('/api/room/next_live', {
      summary: "The room's next live",
      query: NextLiveQuery,
      answer: 'NextLiveAnswer',
    }),
    post('/api/room/next_live', {
      summary: "Set the room's next live (owner)",
      body: NextLiveBody,
      answer: 'NextLiveAnswer',
      login: true,
    }),
    get('/api/room/greeting', {
      summary: "The room owner's greeting to followers",
      query: GreetingQuery,
      answer: 'GreetingAnswer',
    }),
    post('/api/room/greeting', {
      summary: 'Set the greeting to followers (owner)',
      body: GreetingBody,
      answer: 'GreetingAnswer',
      login: true,
    }),
  ]),
  ...tagged('Room', [
    get('/api/live_tags', {
      summary: "The room's live tags",
      query: LiveTagsQuery,
      answer: 'LiveTagsAnswer',
    }),
    post('/api/live_tags', {
      summary: "Set the room's live tags (owner)",
      body: LiveTagsBody,
      answer: 'LiveTagsAnswer',
      login: true,
    }),
    get('/api/live_tag/validate', {
      summary: 'Whether a live tag may be used',
      query: LiveTagValidateQuery,
      answer: 'LiveTagValidateAnswer',
    }),
    get('/api/search/autocomplete_live_tag', {
      summary: 'Live tags in use that hold a keyword',
      query: AutocompleteQuery,
      answer: 'LiveTagAutocompleteAnswer',
    }),
    get('/api/liver_themes', { summary: 'Every liver theme', answer: 'LiverThemesAnswer' }),
    get('/api/pick_up_liver_themes', {
      summary: 'The pick-up liver themes',
      answer: 'LiverThemesAnswer',
    }),
    get('/api/room/liver_theme', {
      summary: "The room's liver theme",
      query: RoomLiverThemeQuery,
      answer: 'RoomLiverThemeAnswer',
    }),
    post('/api/room/liver_theme', {
      summary: "Set the room's liver theme (owner)",
      body: RoomLiverThemeBody,
      answer: 'RoomLiverThemeAnswer',
      login: true,
    }),
    get('/api/parties/channels', {
      summary: "The room's party and its channels",
      query: PartyChannelsQuery,
      answer: 'PartyChannelsAnswer',
    }),
    get('/api/room_backgrounds', {
      summary: "The owner's backgrounds and the room's state",
      answer: 'RoomBackgroundsAnswer',
      login: true,
    }),
    post('/api/room_backgrounds/current', {
      summary: 'Show a background in the room',
      body: BackgroundCurrentBody,
      answer: 'RoomBackgroundsAnswer',
      login: true,
    }),
    post('/api/room_backgrounds/reset', {
      summary: 'Back to the default background',
      answer: 'RoomBackgroundsAnswer',
      login: true,
    }),
    post('/api/room_backgrounds/favorite', {
      summary: 'Mark a background as a favourite, or not',
      body: BackgroundFavoriteBody,
      answer: 'RoomBackgroundsAnswer',
      login: true,
    }),
    post('/api/room_backgrounds/fixed', {
      summary: 'Keep the background fixed, or rotate favourites',
      body: BackgroundFixedBody,
      answer: 'RoomBackgroundsAnswer',
      login: true,
    }),
    get('/api/room/profile', {
      summary: "The room's profile",
      query: RoomIdQuery,
      answer: 'RoomProfileAnswer',
    }),
    get('/api/room/status', {
      summary: 'A room by its URL key, with its live status',
      query: RoomStatusQuery,
      answer: 'RoomStatusAnswer',
    }),
    post('/api/room/follow', {
      summary: 'Follow or unfollow a room',
      body: FollowBody,
      answer: 'FollowAnswer',
      login: true,
    }),
    post('/api/room/update_follow', {
      summary: "Follow or unfollow a room (SHOWROOM's other name)",
      body: FollowBody,
      answer: 'FollowAnswer',
      login: true,
    }),
    get('/api/room/welcome_comment', {
      summary: 'The comment pinned on top of the comment list',
      query: RoomIdQuery,
      answer: 'WelcomeAnswer',
    }),
    post('/api/room/welcome_comment', {
      summary: 'Save the welcome comment (owner)',
      body: WelcomeBody,
      answer: ['Ok', 'WelcomeAnswer'],
      login: true,
    }),
    del('/api/room/welcome_comment', {
      summary: 'Remove the welcome comment (owner)',
      query: RoomIdQuery,
      answer: ['Ok', 'WelcomeAnswer'],
      login: true,
    }),
    get('/api/room/banners', {
      summary: 'The banners under the player',
      query: RoomIdQuery,
      answer: 'BannersAnswer',
    }),
    get('/api/room/event_and_support', {
      summary: "The room's ongoing event and its standing",
      query: RoomIdQuery,
      answer: 'EventAndSupportAnswer',
    }),
    get('/api/recommended_live_comment', {
      summary: "Preset comments for the room's genre",
      query: RoomIdQuery,
      answer: 'RecommendedCommentsAnswer',
    }),
    get('/api/room/check_room_regulation', {
      summary: "The room's under-18 regulation",
      query: RegulationQuery,
      answer: 'RegulationAnswer',
    }),
    post('/api/room/upsert_room_regulation', {
      summary: 'Mark the room as having performers under 18 (owner)',
      body: RegulationBody,
      answer: 'RegulationSavedAnswer',
      login: true,
    }),
    get('/api/live/polling', {
      summary: 'Poll the live: on air or ended, viewers, watch rewards',
      query: RoomQuery,
      answer: 'PollingAnswer',
    }),
    get('/room/is_live', {
      summary: 'Whether a room is on air (1 or 0)',
      query: RoomIdQuery,
      answer: 'IsLiveAnswer',
    }),
  ]),
  ...tagged('Reports', [
    get('/api/bad_report/live_bad_report_category_list', {
      summary: 'The reasons a live can be reported for',
      answer: 'ReportCategoriesAnswer',
    }),
    post('/api/bad_report/live_report', {
      summary: 'Report a live',
      body: LiveReportBody,
      answer: 'LiveReportAnswer',
      login: true,
    }),
    post('/api/bad_report/user_report', {
      summary: 'Report a user in a room (the owner may block them too)',
      body: UserReportBody,
      answer: 'UserReportAnswer',
      login: true,
    }),
    post('/api/bad_report/block_post', {
      summary: "Block or allow a user's comments in the room (owner)",
      body: BlockPostBody,
      answer: 'BlockPostAnswer',
      login: true,
    }),
  ]),
]
