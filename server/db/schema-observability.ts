import type { ColumnType, Generated, JSONColumnType } from 'kysely'

/** Kysely's view of the observability tables (issue #26: migration 033); DB extends it. */
export interface ObservabilityTables {
  error_groups: ErrorGroupTable
}

/** Like error events, grouped by fingerprint (migration 033); the newest event is the sample. */
export interface ErrorGroupTable {
  id: Generated<number>
  fingerprint: string
  source: 'client' | 'server'
  title: string
  culprit: Generated<string>
  level: Generated<string>
  environment: Generated<string>
  release: Generated<string>
  count: Generated<number>
  first_seen: ColumnType<Date, Date | undefined, never>
  last_seen: Generated<Date>
  sample: JSONColumnType<Record<string, unknown>>
}
