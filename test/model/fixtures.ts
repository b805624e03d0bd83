import type { Account, CurrentUser, ServiceSettings } from '../../src/domain/api-types.ts'

export const NOW = Date.UTC(2026, 10, 22, 1, 0, 0) // 2026-11-22 10:00 Tokyo

export const settings: ServiceSettings = {
  locales: ['ja', 'en', 'zh-tw', 'th'],
  default_locale: 'ja',
  page_view_url: null,
  shop_page_view_url: null,
  external_hosts: ['help.kirari.example'],
  is_maintenance: false,
  social_providers: [],
  dev_pages: true,
  flows: true,
  error_reporting: null,
  vitals_sample_rate: 0,
}

export function user(patch: Partial<CurrentUser> = {}): CurrentUser {
  return {
    is_login: true,
    user_id: 1,
    account_id: 'demo_viewer',
    name: 'デモ視聴者',
    avatar_id: 3,
    avatar_url: '/img/avatar/3.svg',
    image: '/img/avatar/3.svg',
    gold: 5000,
    expiring_gold: 300,
    user_expiring_gold: 300,
    fan_level: 0,
    next_fan_level: 1,
    current_level_point: 0,
    next_level_point: 0,
    contribution_point: 0,
    live_rank: 0,
    badge: 0,
    badge_type: 0,
    add_free_gift: 0,
    gift_list: { normal: [], enquete: [] },
    is_confirm_gifting_use_gold: true,
    is_targeted_discovery_live: false,
    is_tutorial: false,
    locale: 'ja',
    own_room_url_key: '',
    twitter_auth: false,
    birthday: 20000101,
    is_legal_representative_agreed: false,
    is_organizer: false,
    is_evnet_org_pending: false,
    organizer_name: '',
    sms_auth: true,
    gender: 0,
    has_unread_user_notice: false,
    has_user_unread_notice: false,
    need_agree_new_terms: false,
    terms_version: '2026-11-22',
    ...patch,
  }
}

/** `/api/account/` of the demo viewer (SPEC.md §3 account), with what /mypage edits. */
export function account(patch: Partial<Account> = {}): Account {
  return {
    account_id: 'demo_viewer',
    name: 'デモ視聴者',
    avatar_url: '/img/avatar/3.svg',
    image: '/img/avatar/3.svg',
    level: 4,
    gold: 12345,
    expiring_gold: 300,
    user_id: 1,
    room_id: 0,
    is_room_owner: false,
    twitter_auth: false,
    facebook_auth: false,
    birthday: 20000101,
    is_legal_representative_agreed: false,
    sms_auth: true,
    ...patch,
  }
}
