import type { ColumnType } from 'kysely'

// Column types the table files share (schema.ts and schema-*.ts import them from here, not from
// one another).

/** Set by the database's default on insert (or given), never updated. */
export type CreatedAt = ColumnType<Date, Date | undefined, never>
