import type { ColumnType, Generated } from 'kysely'
import type { DrawSource, GachaKind, PrizeType, Rarity } from '../../src/domain/gacha.ts'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the gachas', items' and ad rewards' tables (migration 009); DB in schema.ts extends it. */
export interface GachaTables {
  gachas: GachaTable
  gacha_prizes: GachaPrizeTable
  gacha_draws: GachaDrawTable
  gacha_results: GachaResultTable
  user_items: UserItemTable
  ad_reward_watches: AdRewardWatchTable
}

export type { GachaKind, PrizeType, Rarity }

export interface GachaTable {
  id: number
  name: string
  description: string
  kind: GachaKind
  price: number
  daily_limit: number | null
  starts_at: Date | null
  ends_at: Date | null
  color: string
  order_no: number
}

export interface GachaPrizeTable {
  id: number
  gacha_id: number
  name: string
  prize_type: PrizeType
  rarity: Rarity
  weight: number
  gift_id: number | null
  num: Generated<number>
  color: string
  order_no: number
}

export interface GachaDrawTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  user_id: number
  gacha_id: number
  draw_count: number
  price_paid: number
  source: DrawSource
  created_at: CreatedAt
}

export interface GachaResultTable {
  id: ColumnType<string, never, never>
  draw_id: ColumnType<string, string | number, never>
  prize_id: number
  granted_num: number
}

export interface UserItemTable {
  user_id: number
  prize_id: number
  num: number
}

export interface AdRewardWatchTable {
  id: string
  user_id: number
  gacha_id: number
  started_at: ColumnType<Date, Date | undefined, Date>
  completed_at: Date | null
  draw_id: ColumnType<string | null, string | number | null | undefined, string | number | null>
}
