import type { ColumnType } from 'kysely'
import type { CreatedAt } from './columns.ts'

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeyTable
}

/** migrations/045 and 047: a keyed call's claim and, once it has one, its answer (issue #40). */
export interface IdempotencyKeyTable {
  scope: string
  key: string
  fingerprint: string
  state: ColumnType<
    'pending' | 'effected' | 'done',
    'pending' | undefined,
    'pending' | 'effected' | 'done'
  >
  /** migrations/047: the claim's own token (a claim taken over gets a new one). */
  token: string | null
  /** migrations/047: when the present claim was made. */
  claimed_at: ColumnType<Date, Date | undefined, Date>
  status: number | null
  content_type: string | null
  body: string | null
  created_at: CreatedAt
}
