/** Response shapes shared by the server and the client (fixtures/showroom-api where one exists). */
import type { Locale } from './locale.ts'

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

/**
 * SPEC.md §3 current user, as `/api/current_user` and `live/current_user` (in a room) both answer
 * it, gift_list aside (each has its own). A visitor who is not logged in gets every field, empty
 * (0, '', false; is_confirm_gifting_use_gold true).
 */
export interface CurrentUserFields {
  is_login: boolean
  user_id: number
  /** The caller's login id. */
  account_id: string
  name: string
  avatar_id: number
  avatar_url: string
  /** The caller's avatar picture (the same as avatar_url). */
  image: string
  gold: number
  expiring_gold: number
  /** SHOWROOM's second name of expiring_gold: the same value. */
  user_expiring_gold: number
  /**
   * The caller's fan level in the room (1, and one more per 100 fan points, up to 100). Fan
   * levels are a room's: outside one (`/api/current_user`) this and the three below are 0.
   */
  fan_level: number
  /** The level after fan_level; 0 at the top level (100). */
  next_fan_level: number
  /** The caller's fan points in the room: what fan_level counts. */
  current_level_point: number
  /** The fan points at which next_fan_level is reached; 0 when next_fan_level is 0. */
  next_level_point: number
  /** The points the caller's gifts brought the room's open live; 0 off air and outside a room. */
  contribution_point: number
  /** The caller's place among the open live's supporters (stage_user_list's order); 0 unranked. */
  live_rank: number
  /** The caller's badge (SPEC §3 badge ids; the `ua` of their comments); 0 none. */
  badge: number
  /** SHOWROOM's kind of badge; Kirari's badges are of one kind: always 0. */
  badge_type: number
  /**
   * SHOWROOM's free gifts just added; Kirari grants them while watching and says so in the
   * polling's toast (gift_list holds the stock): always 0.
   */
  add_free_gift: number
  is_confirm_gifting_use_gold: boolean
  /** SHOWROOM's discovery-targeted live; Kirari has no such lives: always false. */
  is_targeted_discovery_live: boolean
  /** SHOWROOM's first-visit tutorial; Kirari shows none: always false. */
  is_tutorial: boolean
  /** The caller's language: the page's locale, then the locale cookie, then the browser's. */
  locale: Locale
  /** The URL key of the caller's own room; '' for none. */
  own_room_url_key: string
  /** The caller has linked an X (Twitter) account (social login). */
  twitter_auth: boolean
}

/** `/api/current_user`: SPEC.md §3 current user plus the detail fields the routing rules read. */
export interface CurrentUser extends CurrentUserFields {
  gift_list: { normal: unknown[]; enquete: unknown[] }
  sms_auth: boolean
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
