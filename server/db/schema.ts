import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'
import type { PartyTables } from './schema-parties.ts'
import type { DialogTables } from './schema-dialogs.ts'
import type { AccountTables } from './schema-account.ts'
import type { CampaignTables } from './schema-campaigns.ts'
import type { EnqueteTables } from './schema-enquetes.ts'
import type { EventTables } from './schema-events.ts'
import type { GachaTables } from './schema-gacha.ts'
import type { LiverThemeTables } from './schema-liver-themes.ts'
import type { FollowTables } from './schema-follow.ts'
import type { MissionTables } from './schema-missions.ts'
import type { IdempotencyTables } from './schema-idempotency.ts'
import type { ObservabilityTables } from './schema-observability.ts'
import type { OrganizerTables } from './schema-organizer.ts'
import type { RankingTables } from './schema-rankings.ts'
import type { ReportTables } from './schema-reports.ts'
import type { ShopTables } from './schema-shop.ts'
import type { WebPushTables } from './schema-web-push.ts'
import type { GiftKind, GiftType } from '../../src/domain/gifts.ts'

/** Kysely's view of the tables created by `migrations/*.sql`. */
export interface DB
  extends
    PartyTables,
    DialogTables,
    ShopTables,
    LiverThemeTables,
    EventTables,
    GachaTables,
    EnqueteTables,
    RankingTables,
    MissionTables,
    FollowTables,
    AccountTables,
    OrganizerTables,
    ReportTables,
    ObservabilityTables,
    IdempotencyTables,
    WebPushTables,
    CampaignTables {
  genres: GenreTable
  users: UserTable
  rooms: RoomTable
  lives: LiveTable
  sessions: SessionTable
  captchas: CaptchaTable
  sms_codes: SmsCodeTable
  outbox: OutboxTable
  rate_counters: RateCounterTable
  comments: CommentTable
  room_banners: RoomBannerTable
  gifts: GiftTable
  gift_groups: GiftGroupTable
  gift_group_items: GiftGroupItemTable
  user_free_gifts: UserFreeGiftTable
  ledger: LedgerTable
  gift_logs: GiftLogTable
  fan_points: FanPointTable
  live_presence: LivePresenceTable
}

export interface GenreTable {
  id: number
  name: string
  name_en: string
  sort_order: Generated<number>
}

export interface UserTable {
  id: Generated<number>
  account_id: string
  name: string
  avatar_id: Generated<number>
  birthday: number | null
  gender: Generated<number>
  is_legal_representative_agreed: Generated<boolean>
  is_organizer: Generated<boolean>
  sms_auth: Generated<boolean>
  gold: Generated<number>
  expiring_gold: Generated<number>
  password_hash: string | null
  is_demo: Generated<boolean>
  phone: string | null
  mail_address: string | null
  level: Generated<number>
  twitter_auth: Generated<boolean>
  facebook_auth: Generated<boolean>
  is_bot: Generated<boolean>
  is_confirm_gifting_use_gold: Generated<boolean>
  free_gifts_granted_at: Date | null
  watch_credited_at: Date | null
  /** The terms version (its effective date) last agreed to, and when (migration 032). */
  agreed_terms_version: string | null
  agreed_terms_at: Date | null
  /** A guardian's consent for a user under 13: when, by whom, as what (migration 037). */
  legal_representative_agreed_at: Date | null
  legal_representative_name: string | null
  legal_representative_relationship: string | null
  created_at: CreatedAt
}

export interface RoomTable {
  id: Generated<number>
  room_url_key: string
  room_name: string
  main_name: string
  sub_name: Generated<string>
  description: Generated<string>
  owner_user_id: number | null
  genre_id: number
  color: Generated<string>
  official_lv: Generated<number>
  is_official: Generated<boolean>
  follower_num: Generated<number>
  is_pickup: Generated<boolean>
  /** '' when the room has none. */
  welcome_comment: Generated<string>
  welcome_comment_pinned: Generated<boolean>
  welcome_comment_at: Date | null
  created_at: CreatedAt
  under_18_regulation: Generated<boolean>
  /** The owner's greeting to followers (issue #20); '' when none. */
  greeting: Generated<string>
  stream_key: string | null
  /** Since when the owner's end of an OBS live holds the key (migration 050); null: not held. */
  obs_publish_held_at: Date | null
  /** The liver theme the room wears (migration 041); null for none. */
  liver_theme_id: Generated<number | null>
  /** A virtual liver's room (migration 040): listed by /virtual_liver. */
  is_virtual: Generated<boolean>
}

export interface LiveTable {
  id: Generated<number>
  room_id: number
  live_type: Generated<number>
  started_at: ColumnType<Date, Date | undefined, Date>
  ended_at: Date | null
  view_num: Generated<number>
  bcsvr_key: string
  /** '' when the live has none. */
  telop: Generated<string>
  /** 'demo': the built-in demo channel; 'rtmp': OBS through nginx-rtmp. */
  source: Generated<'demo' | 'rtmp'>
  /** The stream name nginx-rtmp writes the HLS under; never shown to viewers. */
  ingest_name: string | null
  /** The owner's private push key secret (owner-only logs), random per live. */
  owner_key: Generated<string>
  /** When a restarted live came back on air (its end counts the time since); migration 015. */
  on_air_since: Date | null
  /**
   * OBS lives (migration 044): when the encoder disconnected (the live ends if it is not back
   * within OBS_RECONNECT_GRACE_MS), and when its video stopped arriving while connected.
   */
  ingest_lost_at: Date | null
  ingest_stalled_at: Date | null
}

export interface SessionTable {
  id: string
  user_id: number | null
  csrf_token: string
  created_at: CreatedAt
  expires_at: Date
}

export interface CaptchaTable {
  id: string
  session_id: string
  word: string
  created_at: CreatedAt
  expires_at: Date
  used_at: Date | null
  /** The picture, drawn once when the captcha is made (null for captchas from before). */
  svg: string | null
}

export interface SmsCodeTable {
  id: Generated<number>
  user_id: number
  purpose: 'auth' | 'reset'
  phone: string
  code_hash: string
  attempts: Generated<number>
  created_at: CreatedAt
  expires_at: Date
  used_at: Date | null
}

export interface OutboxTable {
  id: Generated<number>
  channel: 'sms' | 'mail'
  recipient: string
  subject: Generated<string>
  body: string
  created_at: CreatedAt
}

/** One rate-limit window per key (services/rate-limit.ts). */
export interface RateCounterTable {
  key: string
  window_start: Date
  hits: number
}

export interface CommentTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  live_id: number
  user_id: number
  comment: string
  created_at: CreatedAt
}

export interface RoomBannerTable {
  id: Generated<number>
  /** null: shown in every room. */
  room_id: number | null
  title: string
  url: string
  color: Generated<string>
  sort_order: Generated<number>
}

export interface GiftTable {
  id: number
  name: string
  /** What the gift is for (GIFT_KIND): 0 normal, 1 a vote (enquete) option. */
  kind: Generated<GiftKind>
  free: boolean
  point: number
  /** SPEC §3 gift_type (GIFT_TYPE): 1 paid, 2 free. */
  gift_type: Generated<GiftType>
  color: Generated<string>
  icon: Generated<number>
  label: Generated<number>
  order_no: number
  scale: Generated<number>
  dialog_id: Generated<number>
  is_hidden: Generated<boolean>
  is_delete_from_stage: Generated<boolean>
}

export interface GiftGroupTable {
  id: number
  name: string
  is_default: Generated<boolean>
  order_no: number
}

export interface GiftGroupItemTable {
  group_id: number
  gift_id: number
  order_no: number
}

export interface UserFreeGiftTable {
  user_id: number
  gift_id: number
  num: number
}

export interface LedgerTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  user_id: number
  gold_delta: Generated<number>
  expiring_gold_delta: Generated<number>
  gift_id: number | null
  free_delta: Generated<number>
  reason: 'opening' | 'gift' | 'free_grant' | 'purchase' | 'gacha' | 'mission'
  live_id: number | null
  gacha_draw_id: ColumnType<string | null, string | number | null | undefined, never>
  order_id: ColumnType<string | null, string | null | undefined, never>
  mission_reward_id: ColumnType<string | null, string | null | undefined, never>
  created_at: CreatedAt
}

export interface GiftLogTable {
  id: ColumnType<string, never, never>
  live_id: number
  user_id: number
  gift_id: number
  num: number
  point: number
  created_at: CreatedAt
}

export interface FanPointTable {
  room_id: number
  user_id: number
  /** bigint: pg returns it as a string. */
  points: ColumnType<string, number | string, number | string>
}

export interface LivePresenceTable {
  process_id: string
  bcsvr_key: string
  viewers: number
  seen_at: CreatedAt
}
