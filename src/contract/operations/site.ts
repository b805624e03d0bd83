import { InquiryBody, OpinionBody } from '../inquiry.ts'
import { NoticeListQuery, NoticeParam } from '../notice.ts'
import { AutocompleteQuery, SearchRoomsQuery } from '../search.ts'
import { DialogQuery } from '../site-dialog.ts'
import { WebPushDeviceParam, WebPushPreferencesBody, WebPushSubscribeBody } from '../web-push.ts'
import { del, get, post, tagged, type Operation } from './operation.ts'

/** Notices, inquiries, search, site dialogs and animations. */
export const siteOperations: Operation[] = [
  ...tagged('Site', [
    get('/api/animations', {
      summary: 'The gift and rank-up animations',
      answer: 'AnimationsAnswer',
    }),
    get('/api/inquiry', { summary: 'The kinds of inquiry', answer: 'InquiryCategoriesAnswer' }),
    post('/api/inquiry', {
      summary: 'Send an inquiry',
      body: InquiryBody,
      answer: 'InquiryAnswer',
    }),
    post('/api/opinion/create', {
      summary: 'Send an opinion',
      body: OpinionBody,
      answer: 'OpinionAnswer',
    }),
    get('/api/notice', {
      summary: 'The notices',
      query: NoticeListQuery,
      answer: 'NoticeListAnswer',
      login: true,
    }),
    get('/api/notice/{id}', {
      summary: 'One notice',
      params: NoticeParam,
      answer: 'NoticeAnswer',
      login: true,
    }),
    get('/api/web_push/config', {
      summary: 'The VAPID public key devices subscribe with (null: no Web Push)',
      answer: 'WebPushConfigAnswer',
    }),
    get('/api/web_push/devices', {
      summary: 'The devices that take the notices',
      answer: 'WebPushDevicesAnswer',
      login: true,
    }),
    post('/api/web_push/devices', {
      summary: 'Take the notices on this device (its push subscription)',
      body: WebPushSubscribeBody,
      answer: 'WebPushDeviceAnswer',
      login: true,
    }),
    post('/api/web_push/devices/{id}', {
      summary: 'What a device takes besides lives: schedule reminders, site news',
      params: WebPushDeviceParam,
      body: WebPushPreferencesBody,
      answer: 'WebPushDeviceAnswer',
      login: true,
    }),
    del('/api/web_push/devices/{id}', {
      summary: 'Stop the notices on a device',
      params: WebPushDeviceParam,
      answer: 'Ok',
      login: true,
    }),
    get('/api/dialog', {
      summary: 'The dialog a page shows, if any',
      query: DialogQuery,
      answer: 'SiteDialogAnswer',
    }),
  ]),
  ...tagged('Search', [
    get('/api/search/autocomplete_room', {
      summary: 'Room names that start with a keyword',
      query: AutocompleteQuery,
      answer: 'AutocompleteAnswer',
    }),
    get('/api/search/rooms', {
      summary: 'Search rooms',
      query: SearchRoomsQuery,
      answer: 'SearchRoomsAnswer',
    }),
    get('/api/search/room_genres', {
      summary: 'Every genre with its rooms and those on air',
      answer: 'RoomGenresAnswer',
    }),
  ]),
]
