import * as v from 'valibot'
import { CampaignQuery, CampaignRankingQuery } from '../campaign.ts'
import { Id } from '../common.ts'
import { EntryBody, EntryDecisionBody, EventForm } from '../event-entry.ts'
import { EventPageQuery, SupportUsersQuery } from '../event-pages.ts'
import { ContributionQuery, EventRef, RankingQuery } from '../event.ts'
import { LiveResultQuery, MonthlyReportQuery, RoomGradeQuery } from '../grade.ts'
import { RoomMedalQuery, UserMedalQuery, UserMedalsQuery } from '../medal.ts'
import { RoomMemoryQuery } from '../memory.ts'
import {
  NavigatorPermissionBody,
  NavigatorQuery,
  OrganizerRoomLinkBody,
  RoomOrganizerDecisionBody,
} from '../navigator.ts'
import { OrganizerApplicationBody } from '../organizer-application.ts'
import { GenreRankingPath, MyRankingQuery } from '../ranking.ts'
import { RoomIdQuery } from '../room.ts'
import { VirtualRankingQuery } from '../virtual.ts'
import { get, post, put, tagged, type Operation } from './operation.ts'

/** Events, organizers and navigators, rankings and standings, campaigns. */
export const eventOperations: Operation[] = [
  ...tagged('Ranking', [
    get('/api/campaign', {
      summary: "A campaign page, in the caller's locale",
      query: CampaignQuery,
      answer: 'CampaignAnswer',
    }),
    get('/api/campaign/ranking', {
      summary: "A campaign's ranking",
      query: CampaignRankingQuery,
      answer: 'CampaignRankingAnswer',
    }),
    get('/api/genre_ranking/room_genre', {
      summary: "The genre ranking's tabs",
      answer: 'RoomGenreAnswer',
    }),
    get('/api/genre_ranking/me', {
      summary: "The caller's room in a genre ranking",
      query: MyRankingQuery,
      answer: 'MyRankingAnswer',
      login: true,
    }),
    get('/api/genre_ranking/{genre}/{period}', {
      summary: 'A genre ranking for a period',
      params: GenreRankingPath,
      answer: 'GenreRankingAnswer',
    }),
    get('/api/genre_ranking/{genre}/{period}/{page}', {
      summary: 'A page of a genre ranking',
      params: GenreRankingPath,
      answer: 'GenreRankingAnswer',
    }),
    get('/api/room_grade', {
      summary: "The room's grade and its progress",
      query: RoomGradeQuery,
      answer: 'RoomGradeAnswer',
    }),
    get('/api/show_rank', {
      summary: "The room's SHOWRANK, league and places",
      query: RoomIdQuery,
      answer: 'ShowRankAnswer',
    }),
    get('/api/show_rank/live_result', {
      summary: "The result of one of the room's lives",
      query: LiveResultQuery,
      answer: 'LiveResultAnswer',
      login: true,
    }),
    get('/api/show_rank/event_result', {
      summary: "The room's place in its latest finished event",
      query: RoomIdQuery,
      answer: 'ShowRankEventResultAnswer',
    }),
    get('/api/show_rank/monthly_report', {
      summary: "The room's monthly report",
      query: MonthlyReportQuery,
      answer: 'MonthlyReportAnswer',
      login: true,
    }),
    get('/api/room/medals', {
      summary: "The room's medals",
      query: RoomIdQuery,
      answer: 'RoomMedalsAnswer',
    }),
    get('/api/room/medal', {
      summary: "One of the room's medals, and each time it was earned",
      query: RoomMedalQuery,
      answer: 'MedalAnswer',
    }),
    get('/api/user/medals', {
      summary: "A user's medals",
      query: UserMedalsQuery,
      answer: 'UserMedalsAnswer',
      login: true,
    }),
    get('/api/user/medal', {
      summary: "One of a user's medals, and each time it was earned",
      query: UserMedalQuery,
      answer: 'MedalAnswer',
      login: true,
    }),
    get('/api/room_memory', {
      summary: "The room's memories",
      query: RoomMemoryQuery,
      answer: 'RoomMemoryAnswer',
      login: true,
    }),
    get('/api/virtual_liver/rooms', {
      summary: "Virtual livers' rooms: on air, new, popular",
      answer: 'VirtualRoomsAnswer',
    }),
    get('/api/virtual_liver/events', {
      summary: 'Events for virtual livers',
      answer: 'VirtualEventsAnswer',
    }),
    get('/api/virtual_liver/ranking', {
      summary: 'Virtual rooms by the points of a day, week or month',
      query: VirtualRankingQuery,
      answer: 'VirtualRankingAnswer',
    }),
  ]),
  ...tagged('Events', [
    get('/api/event/{ref}/can_apply', {
      summary: "Whether the caller's room may enter the event",
      params: v.object({ ref: EventRef }),
      answer: 'CanApplyAnswer',
      login: true,
    }),
    post('/api/event_entry', {
      summary: "Enter the caller's room in an event",
      body: EntryBody,
      answer: 'EntryAnswer',
      login: true,
    }),
    get('/api/recommend_event', {
      summary: 'Running and upcoming events',
      answer: 'RecommendEventAnswer',
    }),
    get('/support/get_support_users', {
      summary: 'The supporters of a room in an event',
      query: SupportUsersQuery,
      answer: 'SupportUsersAnswer',
    }),
    get('/api/event/contribution_ranking', {
      summary: "A room's top supporters in an event",
      query: ContributionQuery,
      answer: 'ContributionAnswer',
    }),
    get('/api/event/on_going_events', {
      summary: 'Every event running now',
      answer: 'OnGoingEventsAnswer',
    }),
    get('/api/event/{ref}/ranking', {
      summary: "The event's ranking",
      params: v.object({ ref: EventRef }),
      query: RankingQuery,
      answer: 'EventRankingAnswer',
    }),
    get('/api/event/{ref}/abstraction', {
      summary: 'The head of the event page',
      params: v.object({ ref: EventRef }),
      answer: 'EventAbstraction',
    }),
    get('/api/event/{ref}/description', {
      summary: 'What the event is, its rules and rewards',
      params: v.object({ ref: EventRef }),
      answer: 'EventDescription',
    }),
    get('/api/event/{ref}/onlive_rooms', {
      summary: "The event's rooms on air now",
      params: v.object({ ref: EventRef }),
      answer: 'EventOnliveRoomsAnswer',
    }),
    get('/api/event/{ref}/on_going_events', {
      summary: 'The other events running now',
      params: v.object({ ref: EventRef }),
      answer: 'OnGoingEventsAnswer',
    }),
    get('/api/event/{ref}/rooms', {
      summary: "The event's rooms, in the order they entered",
      params: v.object({ ref: EventRef }),
      query: EventPageQuery,
      answer: 'EventRoomsAnswer',
    }),
    get('/api/event/{ref}/quest_rooms', {
      summary: "A quest event's rooms by level, then points",
      params: v.object({ ref: EventRef }),
      query: EventPageQuery,
      answer: 'QuestRoomsAnswer',
    }),
    get('/api/event/{ref}/confirmation_abstraction', {
      summary: 'The head of the entry confirmation page',
      params: v.object({ ref: EventRef }),
      answer: 'ConfirmationAbstraction',
    }),
    get('/api/event/{ref}/confirmation_description', {
      summary: 'The terms an owner agrees to on entering',
      params: v.object({ ref: EventRef }),
      answer: 'ConfirmationDescription',
    }),
    get('/api/event/{ref}/result', {
      summary: "The event's final standings",
      params: v.object({ ref: EventRef }),
      answer: 'EventResultAnswer',
    }),
  ]),
  ...tagged('Organizers', [
    get('/api/navigator/permission', {
      summary: "The room's navigators and what each may do (its owner or organizer)",
      query: NavigatorQuery,
      answer: 'NavigatorPermissionsAnswer',
      login: true,
    }),
    post('/api/navigator/permission', {
      summary: "Grant or change a navigator's rights (the room's organizer)",
      body: NavigatorPermissionBody,
      answer: 'NavigatorPermissionsAnswer',
      login: true,
    }),
    get('/api/navigator/my_rights', {
      summary: "What the caller may do in the room's tools",
      query: NavigatorQuery,
      answer: 'MyRoomRightsAnswer',
    }),
    get('/api/organizer/rooms', {
      summary: "The organizer's rooms",
      answer: 'OrganizerRoomsAnswer',
      login: true,
    }),
    post('/api/organizer/rooms', {
      summary: 'Ask a room to join the organizer',
      body: OrganizerRoomLinkBody,
      answer: 'OrganizerRoomsAnswer',
      login: true,
    }),
    get('/api/room/organizer', {
      summary: "The room's organizer link (owner)",
      query: NavigatorQuery,
      answer: 'RoomOrganizerAnswer',
      login: true,
    }),
    post('/api/room/organizer', {
      summary: "Accept or refuse an organizer's link (owner)",
      body: RoomOrganizerDecisionBody,
      answer: 'RoomOrganizerAnswer',
      login: true,
    }),
    get('/api/organizer/application', {
      summary: "The caller's latest organizer application",
      answer: 'OrganizerApplicationAnswer',
      login: true,
    }),
    post('/api/organizer/application', {
      summary: 'Apply to be an organizer',
      body: OrganizerApplicationBody,
      answer: 'OrganizerApplicationAnswer',
      login: true,
    }),
    get('/api/organizer/events', {
      summary: "The organizer's events",
      answer: 'OrganizerEventsAnswer',
      login: true,
    }),
    post('/api/organizer/events', {
      summary: 'Create an event (organizer)',
      body: EventForm,
      answer: 'OrganizerEvent',
      login: true,
    }),
    put('/api/organizer/events/{id}', {
      summary: 'Edit an event (organizer)',
      params: v.object({ id: Id }),
      body: EventForm,
      answer: 'OrganizerEvent',
      login: true,
    }),
    get('/api/organizer/events/{id}/entries', {
      summary: "The event's entries (organizer)",
      params: v.object({ id: Id }),
      answer: 'OrganizerEntriesAnswer',
      login: true,
    }),
    post('/api/organizer/events/{id}/entries/{room_id}', {
      summary: 'Approve or reject an entry (organizer)',
      params: v.object({ id: Id, room_id: Id }),
      body: EntryDecisionBody,
      answer: 'OrganizerEntry',
      login: true,
    }),
  ]),
]
