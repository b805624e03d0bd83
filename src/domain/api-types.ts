/** Response shapes shared by the server and the client (fixtures/showroom-api where one exists). */

export interface StreamingUrl {
  is_default: boolean
  url: string
  label: string
  id: number
  type: 'hls'
  quality: number
}

/** One element of `onlives[].lives[]` (fixtures/showroom-api/onlives_live_item.json). */
export interface OnliveItem {
  room_url_key: string
  official_lv: number
  sub_name: string
  color: string
  follower_num: number
  started_at: number
  live_id: number
  is_follow: boolean
  streaming_url_list: StreamingUrl[]
  live_type: number
  tags: string[]
  image: string
  view_num: number
  genre_id: number
  main_name: string
  cell_type: number
  bcsvr_key: string
  room_id: number
}

export interface OnliveGenre {
  genre_id: number
  genre_name: string
  lives: OnliveItem[]
}

export interface OnlivesResponse {
  onlives: OnliveGenre[]
}

/** `/api/current_user`: SPEC.md §3 current user plus the detail fields the routing rules read. */
export interface CurrentUser {
  is_login: boolean
  user_id: number
  account_id: string
  name: string
  avatar_id: number
  avatar_url: string
  image: string
  gold: number
  expiring_gold: number
  user_expiring_gold: number
  fan_level: number
  next_fan_level: number
  current_level_point: number
  next_level_point: number
  contribution_point: number
  live_rank: number
  badge: number
  badge_type: number
  add_free_gift: number
  gift_list: { normal: unknown[]; enquete: unknown[] }
  is_confirm_gifting_use_gold: boolean
  is_targeted_discovery_live: boolean
  is_tutorial: boolean
  locale: string
  own_room_url_key: string
  twitter_auth: boolean
  birthday: number | null
  is_legal_representative_agreed: boolean
  is_organizer: boolean
  /** SPEC §3 (SHOWROOM's spelling): an organizer application of this user's awaits a decision. */
  is_evnet_org_pending: boolean
  /** SPEC §3: the name an organizer runs events under ('' unless `is_organizer`). */
  organizer_name: string
  /** SPEC §3 current-user detail (issue #23): an organizer's own user id; 0 for anyone else. */
  organizer_id?: number
  /** SPEC §3 current-user detail: an organizer's own account id; '' for anyone else. */
  organizer_account_id?: string
  /** SPEC §3 current-user detail: the organizer id its events are run under (organizer_id). */
  event_organizer_id?: number
  /** SPEC §3 (SHOWROOM's spelling): the user's room is managed by an organizer (link accepted). */
  has_payment_organaizer?: boolean
  sms_auth: boolean
  gender: number
  /** SPEC §3 current-user detail: the user has notices not read yet (both of SHOWROOM's names). */
  has_unread_user_notice: boolean
  has_user_unread_notice: boolean
  /** Issue #21: the terms in force changed since this account agreed; it is asked to agree. */
  need_agree_new_terms: boolean
  /** The terms in force (their effective date, YYYY-MM-DD); '' for a visitor. */
  terms_version: string
}

export interface ServiceSettings {
  locales: string[]
  default_locale: string
  page_view_url: string | null
  /** SPEC §9: a second analytics property that receives the /povo_ec/ pages only. */
  shop_page_view_url: string | null
  external_hosts: string[]
  is_maintenance: boolean
  /** Configured social login providers; their buttons show only when listed. */
  social_providers: string[]
  /** Developer pages (/dev/outbox) are available. */
  dev_pages: boolean
  /** The flow visualizer (/dev/flows) is available; actors report to it. */
  flows: boolean
  /** The share of page loads whose vitals are sent to the server (issue #26), 0–1. */
  vitals_sample_rate: number
  /** Where the app reports its errors (SPEC §8/§9; issue #26); null: nowhere. */
  error_reporting: ErrorReportingSettings | null
}

export interface ErrorReportingSettings {
  /** A Sentry DSN: the server's own collector by default, or a Sentry or GlitchTip project. */
  dsn: string
  /** SPEC §9: 'production' on a production site. */
  environment: string
  /** SPEC §9: trace sampling rate (1). */
  traces_sample_rate: number
}

/** `/api/account/`: SPEC.md §3 account plus what /mypage shows and edits. */
export interface Account {
  account_id: string
  name: string
  avatar_url: string
  image: string
  level: number
  gold: number
  expiring_gold: number
  user_id: number
  room_id: number
  is_room_owner: boolean
  twitter_auth: boolean
  facebook_auth: boolean
  birthday: number | null
  is_legal_representative_agreed: boolean
  /** A guardian's consent (issue #28 point 4): who gave it, as what, when (Unix seconds). */
  legal_representative?: { name: string; relationship: string; agreed_at: number } | null
  sms_auth: boolean
}
