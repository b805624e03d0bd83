import type { ColumnType } from 'kysely'
import type { CreatedAt } from './columns.ts'

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeyTable
}

/** migrations/045, 047 and 049: a keyed call's claim and, once it has one, its answer (issue #40). */
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
  /** migrations/049: whom the key counts against (`user:<id>`, `address:<key>`); null before. */
  caller: string | null
  status: number | null
  content_type: string | null
  body: string | null
  created_at: CreatedAt
}
