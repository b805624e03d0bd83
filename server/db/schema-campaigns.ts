import type { ColumnType, Generated } from 'kysely'
import type { CampaignRankingSource } from '../../src/contract/campaign.ts'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the campaigns' table (migration 039); DB in schema.ts extends it. */
export interface CampaignTables {
  campaigns: CampaignTable
}

/** A campaign page's text in one locale; `body` is Markdown. */
export interface CampaignText {
  title: string
  summary: string
  body: string
  cta_label: string
}

/** Japanese always; the other locales fall back to it. */
export type CampaignContent = { ja: CampaignText } & Partial<
  Record<'en' | 'zh-tw' | 'th', CampaignText>
>

type Json<T> = ColumnType<T, string, string>

export interface CampaignTable {
  id: Generated<number>
  path: string
  layout: string
  /** jsonb: written as JSON text. */
  content: Json<CampaignContent>
  hero_image_url: Generated<string>
  cta_url: Generated<string>
  started_at: Date
  ended_at: Date
  ranking: ColumnType<CampaignRankingSource | null, string | null, string | null>
  showcase: string | null
  group_key: Generated<string>
  position: Generated<number>
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
}
