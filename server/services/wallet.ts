import { sql, type Expression } from 'kysely'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'

/** What a gold debit is for: the ledger row names it. */
export type DebitFor =
  { reason: 'gift'; giftId: number; liveId: number } | { reason: 'gacha'; gachaDrawId: string }

export interface Debited {
  fromGold: number
  fromExpiring: number
  /** The user after the debit: balances and how the user shows in a room. */
  gold: number
  expiringGold: number
  name: string
  avatarId: number
}

/**
 * Takes `cost` gold from a user inside the caller's transaction: expiring gold first, then
 * gold, with the ledger row beside it — in one statement. The cost is a number, or an expression
 * the statement works out (a gift's price), so the debit need not wait for a read of it. The row is locked before the split is
 * worked out, and the update holds only while the balance covers the points, so a balance never
 * goes below zero. Not enough gold is a 400 with error_type NOT_ENOUGH_POINT and nothing changed.
 */
export async function debitGold(
  tx: Db,
  userId: number,
  cost: number | Expression<number | null>,
  purpose: DebitFor,
  notEnough: string,
): Promise<Debited> {
  const gift = purpose.reason === 'gift' ? purpose : null
  const gacha = purpose.reason === 'gacha' ? purpose : null
  const debited = await tx
    .with('cur', (db) =>
      db
        .selectFrom('users')
        .select((eb) => [
          'id',
          'gold',
          'expiring_gold',
          sql<number>`(${typeof cost === 'number' ? eb.val(cost) : cost})::int`.as('cost'),
        ])
        .where('id', '=', userId)
        .forUpdate(),
    )
    .with('split', (db) =>
      db
        .selectFrom('cur')
        .select((eb) => [
          'cur.id',
          'cur.cost',
          eb.fn<number>('least', ['cur.expiring_gold', 'cur.cost']).as('from_expiring'),
        ]),
    )
    .with('paid', (db) =>
      db
        .updateTable('users')
        .from(['cur', 'split'])
        .set({
          expiring_gold: sql`users.expiring_gold - split.from_expiring`,
          gold: sql`users.gold - (split.cost - split.from_expiring)`,
        })
        .whereRef('users.id', '=', 'cur.id')
        .whereRef('split.id', '=', 'cur.id')
        // A cost of null (nothing to pay for) holds no row: nothing is taken.
        .where(sql<boolean>`cur.gold + cur.expiring_gold >= cur.cost`)
        .returning([
          'users.id',
          'users.gold',
          'users.expiring_gold',
          'users.name',
          'users.avatar_id',
          'split.cost',
          'split.from_expiring',
        ]),
    )
    .with('entry', (db) =>
      db
        .insertInto('ledger')
        .columns([
          'user_id',
          'gold_delta',
          'expiring_gold_delta',
          'reason',
          'gift_id',
          'live_id',
          'gacha_draw_id',
        ])
        .expression((eb) =>
          eb
            .selectFrom('paid')
            .select([
              'paid.id',
              sql<number>`paid.from_expiring - paid.cost`.as('gold_delta'),
              sql<number>`-paid.from_expiring`.as('expiring_gold_delta'),
              sql<DebitFor['reason']>`${purpose.reason}::text`.as('reason'),
              sql<number | null>`${gift?.giftId ?? null}::int`.as('gift_id'),
              sql<number | null>`${gift?.liveId ?? null}::int`.as('live_id'),
              sql<string | null>`${gacha?.gachaDrawId ?? null}::bigint`.as('gacha_draw_id'),
            ]),
        ),
    )
    .selectFrom('paid')
    .selectAll()
    .executeTakeFirst()
  if (!debited) throw new ApiError(400, notEnough, { errorType: 'NOT_ENOUGH_POINT' })
  const fromExpiring = debited.from_expiring
  return {
    fromGold: debited.cost - fromExpiring,
    fromExpiring,
    gold: debited.gold,
    expiringGold: debited.expiring_gold,
    name: debited.name,
    avatarId: debited.avatar_id,
  }
}

/** A user's gold and expiring gold as the API answers them. */
export async function walletOf(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['gold', 'expiring_gold'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return { remaining_point: user.gold, remaining_expiring_point: user.expiring_gold }
}
