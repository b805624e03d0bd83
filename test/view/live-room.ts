import { user } from '../model/fixtures.ts'
import { answer } from '../model/mission-fixtures.ts'
import type { Routes } from './render-app.tsx'

/** A live room (id 7) whose comments complete a mission. */
export const liveRoom = (): Routes => ({
  '/api/current_user': user(),
  '/api/live/onlive_num': { num: 3 },
  '/api/room/status': {
    room_id: 7,
    room_url_key: 'kirari_hoshino',
    room_name: '星野きらりの部屋',
    main_name: '星野 きらり',
    description: '',
    image: '/img/room/1.svg',
    is_official: false,
    follower_num: 120,
    broadcast_host: 'localhost',
    broadcast_key: '7:abc',
    is_live: true,
    live_id: 70,
    started_at: 1,
    is_owner: false,
    is_fav: false,
  },
  '/api/live/comment_log': { comment_log: [] },
  '/api/live/streaming_url': { streaming_url_list: [] },
  '/api/live/telop': { telop: '' },
  '/api/room/welcome_comment': { comment: '' },
  '/api/room/banners': { banners: [] },
  '/api/recommended_live_comment': { recommend_comments: [] },
  '/api/live/polling': { is_login: true, online_user_num: 10 },
  '/api/live/gift_log': { gift_log: [] },
  '/api/live/gift_list': { normal: [], enquete: [] },
  '/api/live/gift_groups': { gift_groups: [] },
  '/api/live/current_user': {
    gold: 0,
    expiring_gold: 0,
    gift_list: { normal: [], enquete: [] },
    is_confirm_gifting_use_gold: true,
    fan_level: 0,
  },
  '/api/mission': answer(),
  '/api/live/post_live_comment': {
    comment: 'こんにちは',
    ua: 0,
    aft: 0,
    mission: { has_achievement: true },
  },
})
