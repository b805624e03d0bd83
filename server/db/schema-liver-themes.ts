import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the liver themes (migration 041); DB extends it. */
export interface LiverThemeTables {
  liver_themes: LiverThemeTable
}

export interface LiverThemeTable {
  /** Given by the catalogue (liver-theme-catalogue.ts), not generated: a theme keeps its id. */
  id: number
  name: string
  description: Generated<string>
  /** `#rrggbb` (a check constraint holds the database to it). */
  frame_color: string
  accent_color: string
  background_color: string
  /** A JSON array of short strings. */
  stamps: ColumnType<string[], string, string>
  image_url: Generated<string>
  is_pick_up: Generated<boolean>
  position: Generated<number>
  created_at: CreatedAt
}
