import type { ColumnType, Generated } from 'kysely'
import type { AnimationEffect, AnimationKind } from '../../src/contract/site-dialog.ts'
import type { Locale } from '../../src/domain/locale.ts'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the animations' and site dialogs' tables (migration 043); DB extends it. */
export interface DialogTables {
  animations: AnimationTable
  site_dialogs: SiteDialogTable
  site_dialog_seen: SiteDialogSeenTable
}

export interface AnimationTable {
  id: number
  kind: AnimationKind
  gift_id: number | null
  min_num: number
  effect: AnimationEffect
  duration_ms: number
}

/** A dialog's text in one locale; `link_label` names its button ('' for none). */
export interface SiteDialogText {
  title: string
  body: string
  link_label: string
}

/** Japanese always; the other locales fall back to it. */
export type SiteDialogContent = { ja: SiteDialogText } & Partial<
  Record<Exclude<Locale, 'ja'>, SiteDialogText>
>

export interface SiteDialogTable {
  id: Generated<number>
  /** jsonb: written as JSON text. */
  content: ColumnType<SiteDialogContent, string, string>
  image_url: ColumnType<string, string | undefined, string>
  link_url: ColumnType<string, string | undefined, string>
  path_prefix: ColumnType<string, string | undefined, string>
  starts_at: ColumnType<Date, Date | undefined, Date>
  ends_at: Date | null
  created_at: CreatedAt
}

export interface SiteDialogSeenTable {
  dialog_id: number
  user_id: number
  seen_at: CreatedAt
}
