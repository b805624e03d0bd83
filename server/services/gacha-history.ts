import type { Db } from '../db/index.ts'
import { giftImage } from '../../src/domain/gifts.ts'
import { FREE_GIFT_CAP } from './free-gifts.ts'
import { prizeImage } from './gacha-rules.ts'
import { findGacha } from './gachas.ts'

export const HISTORY_PAGE_SIZE = 20

/** `/api/gachas/user/hist`: the user's draws, newest first, HISTORY_PAGE_SIZE a page. */
export async function drawHistory(db: Db, userId: number, page: number) {
  const draws = await db
    .selectFrom('gacha_draws')
    .innerJoin('gachas', 'gachas.id', 'gacha_draws.gacha_id')
    .select([
      'gacha_draws.id',
      'gacha_draws.gacha_id',
      'gachas.name as gacha_name',
      'gacha_draws.draw_count',
      'gacha_draws.price_paid',
      'gacha_draws.source',
      'gacha_draws.created_at',
    ])
    .where('gacha_draws.user_id', '=', userId)
    .orderBy('gacha_draws.id', 'desc')
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset((page - 1) * HISTORY_PAGE_SIZE)
    .execute()
  const shown = draws.slice(0, HISTORY_PAGE_SIZE)
  const results = shown.length
    ? await db
        .selectFrom('gacha_results')
        .innerJoin('gacha_prizes', 'gacha_prizes.id', 'gacha_results.prize_id')
        .select([
          'gacha_results.draw_id',
          'gacha_prizes.id',
          'gacha_prizes.name',
          'gacha_prizes.prize_type',
          'gacha_prizes.rarity',
          'gacha_prizes.gift_id',
          'gacha_results.granted_num',
        ])
        .where(
          'gacha_results.draw_id',
          'in',
          shown.map((d) => d.id),
        )
        .orderBy('gacha_results.id')
        .execute()
    : []
  return {
    page,
    has_next: draws.length > HISTORY_PAGE_SIZE,
    hist: shown.map((d) => ({
      draw_id: Number(d.id),
      gacha_id: d.gacha_id,
      gacha_name: d.gacha_name,
      draw_count: d.draw_count,
      price: d.price_paid,
      source: d.source,
      created_at: Math.floor(d.created_at.getTime() / 1000),
      prizes: results
        .filter((r) => r.draw_id === d.id)
        .map((r) => ({
          prize_id: r.id,
          name: r.name,
          prize_type: r.prize_type,
          rarity: r.rarity,
          granted_num: r.granted_num,
          image: prizeImage(r),
        })),
    })),
  }
}

/** `/api/gachas/{id}/user/hist/goods`: the avatars, backgrounds and goods won in this gacha. */
export async function userGoods(db: Db, userId: number, gachaId: number) {
  await findGacha(db, gachaId)
  const rows = await db
    .selectFrom('user_items')
    .innerJoin('gacha_prizes', 'gacha_prizes.id', 'user_items.prize_id')
    .select([
      'gacha_prizes.id',
      'gacha_prizes.name',
      'gacha_prizes.prize_type',
      'gacha_prizes.rarity',
      'gacha_prizes.gift_id',
      'user_items.num',
    ])
    .where('user_items.user_id', '=', userId)
    .where('gacha_prizes.gacha_id', '=', gachaId)
    .where('user_items.num', '>', 0)
    .orderBy('gacha_prizes.order_no')
    .execute()
  return rows.map((r) => ({
    prize_id: r.id,
    name: r.name,
    prize_type: r.prize_type,
    rarity: r.rarity,
    num: r.num,
    image: prizeImage(r),
  }))
}

/** `/api/user/free_gifts`: the free gifts the user holds, with their cap. */
export async function userFreeGifts(db: Db, userId: number) {
  const rows = await db
    .selectFrom('user_free_gifts')
    .innerJoin('gifts', 'gifts.id', 'user_free_gifts.gift_id')
    .select(['gifts.id', 'gifts.name', 'user_free_gifts.num'])
    .where('user_free_gifts.user_id', '=', userId)
    .where('gifts.kind', '=', 0)
    .orderBy('gifts.order_no')
    .execute()
  return rows.map((r) => ({
    gift_id: r.id,
    name: r.name,
    image: giftImage(r.id),
    free_num: r.num,
    max_num: FREE_GIFT_CAP,
  }))
}
