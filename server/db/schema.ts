import type { ColumnType, Generated } from 'kysely'

/** Kysely's view of the tables created by `migrations/*.sql`. */
export interface DB {
  genres: GenreTable
  users: UserTable
  rooms: RoomTable
  lives: LiveTable
  sessions: SessionTable
  captchas: CaptchaTable
  sms_codes: SmsCodeTable
  outbox: OutboxTable
  rate_events: RateEventTable
  comments: CommentTable
}

type CreatedAt = ColumnType<Date, Date | undefined, never>

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
  created_at: CreatedAt
}

export interface LiveTable {
  id: Generated<number>
  room_id: number
  live_type: Generated<number>
  started_at: ColumnType<Date, Date | undefined, Date>
  ended_at: Date | null
  view_num: Generated<number>
  bcsvr_key: string
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

export interface RateEventTable {
  key: string
  at: ColumnType<Date, Date | undefined, never>
}

export interface CommentTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  live_id: number
  user_id: number
  comment: string
  created_at: CreatedAt
}
