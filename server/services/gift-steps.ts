import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import type { SendGift } from './gift-request.ts'
import { GIFT_KIND } from '../../src/domain/gifts.ts'
import { MEDALS } from '../../src/domain/medals.ts'

/*
 * The statements of one gift (services/gifts.ts), each doing what it can in one trip to the
 * database: every trip is a wait, and on PGlite a turn of the database's thread.
 */

/** The open live and the shown gift a request names, in one read; either may be missing. */
export async function liveAndGift(tx: Db, request: SendGift) {
  return tx
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
    .leftJoin('lives', (join) =>
      join.on('lives.id', '=', request.liveId).on('lives.ended_at', 'is', null),
    )
    .leftJoin('gifts', (join) =>
      join.on('gifts.id', '=', request.giftId).on('gifts.is_hidden', '=', false),
    )
    .select([
      'lives.id as live_id',
      'lives.room_id',
      'lives.bcsvr_key',
      'gifts.id as gift_id',
      'gifts.kind',
      'gifts.free',
      'gifts.point',
      'gifts.gift_type',
    ])
    .executeTakeFirstOrThrow()
}

/** A sender as a gift shows them, with their balances after it. */
export interface Sender {
  name: string
  avatar_id: number
  gold: number
  expiring_gold: number
}

export const senderOf = (tx: Db, userId: number): Promise<Sender> =>
  tx
    .selectFrom('users')
    .select(['name', 'avatar_id', 'gold', 'expiring_gold'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()

/**
 * Takes free gifts from the viewer's stock with the ledger row, and reads the sender: one
 * statement. Null when the stock holds fewer than asked.
 */
export async function takeFreeStock(tx: Db, request: SendGift, liveId: number) {
  const taken = await tx
    .with('stock', (db) =>
      db
        .updateTable('user_free_gifts')
        .set({ num: sql`num - ${request.num}` })
        .where('user_id', '=', request.userId)
        .where('gift_id', '=', request.giftId)
        .where('num', '>=', request.num)
        .returning(['user_id', 'num']),
    )
    .with('entry', (db) =>
      db
        .insertInto('ledger')
        .columns(['user_id', 'gift_id', 'free_delta', 'reason', 'live_id'])
        .expression((eb) =>
          eb
            .selectFrom('stock')
            .select([
              'stock.user_id',
              sql<number>`${request.giftId}::int`.as('gift_id'),
              sql<number>`${-request.num}::int`.as('free_delta'),
              sql<'gift'>`'gift'`.as('reason'),
              sql<number>`${liveId}::int`.as('live_id'),
            ]),
        ),
    )
    .selectFrom('stock')
    .innerJoin('users', 'users.id', 'stock.user_id')
    .select(['stock.num', 'users.name', 'users.avatar_id', 'users.gold', 'users.expiring_gold'])
    .executeTakeFirst()
  return taken ?? null
}

/** The gift log and the sender's fan points in the room: one statement. */
export const logGift = (
  tx: Db,
  request: SendGift,
  at: { liveId: number; roomId: number; giftId: number; points: number; paid: boolean },
) =>
  tx
    .with('log', (db) =>
      db
        .insertInto('gift_logs')
        .values({
          live_id: at.liveId,
          user_id: request.userId,
          gift_id: at.giftId,
          num: request.num,
          point: at.points,
        })
        .returning('created_at'),
    )
    .with('fan', (db) =>
      db
        .insertInto('fan_points')
        .values({ room_id: at.roomId, user_id: request.userId, points: at.points })
        .onConflict((oc) =>
          oc
            .columns(['room_id', 'user_id'])
            .doUpdateSet({ points: sql`fan_points.points + ${at.points}` }),
        )
        .returning('points'),
    )
    // The sender's first gift (and first paid one) earns a medal, once (services/rankings/medals.ts).
    .with('medal', (db) =>
      db
        .insertInto('medals')
        .values(
          (at.paid ? (['first_gift', 'first_paid_gift'] as const) : (['first_gift'] as const)).map(
            (kind) => ({
              owner: 'user' as const,
              owner_id: request.userId,
              medal_id: MEDALS[kind].id,
            }),
          ),
        )
        .onConflict((oc) => oc.doNothing()),
    )
    .selectFrom(['log', 'fan'])
    .select(['log.created_at', 'fan.points'])
    .executeTakeFirstOrThrow()

/**
 * What a paid gift costs, worked out in the statement that takes it (services/wallet.ts
 * debitGold): null — nothing taken — for a gift that is hidden, free, a vote or unknown.
 */
export const paidGiftCost = (tx: Db, request: SendGift) =>
  sql<number | null>`(${tx
    .selectFrom('gifts')
    .select(sql<number>`point * ${request.num}::int`.as('cost'))
    .where('id', '=', request.giftId)
    .where('is_hidden', '=', false)
    .where('free', '=', false)
    .where('kind', '<>', GIFT_KIND.vote)})`
