import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the votes' (enquetes') tables (migration 006); DB in schema.ts extends it. */
export interface EnqueteTables {
  enquetes: EnqueteTable
  enquete_stock: EnqueteStockTable
  enquete_votes: EnqueteVoteTable
}

export interface EnqueteTable {
  id: Generated<number>
  live_id: number
  option_count: number
  started_at: CreatedAt
  ended_at: Date | null
}

export interface EnqueteStockTable {
  enquete_id: number
  user_id: number
  gift_id: number
  remaining: number
}

export interface EnqueteVoteTable {
  id: ColumnType<string, never, never>
  enquete_id: number
  user_id: number
  gift_id: number
  num: number
  created_at: CreatedAt
}
