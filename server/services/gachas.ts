import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import type { GachaKind, PrizeType, Rarity } from '../../src/domain/gacha.ts'
import { ApiError } from '../errors.ts'
import { creditFreeGifts } from './free-gifts.ts'
import { oddsPercent, pickPrizes, prizeImage, tokyoDayStart, type Prize } from './gacha-rules.ts'
import { debitGold, walletOf } from './wallet.ts'
import { advanceMissions } from './missions/progress.ts'
import { notify } from './notices/notices.ts'
import { refuseUnconsentedMinor } from './guardian.ts'
import { markEffect } from './idempotency.ts'

/** Draws per call: one, or ten at once. */
export const DRAW_COUNTS = [1, 10] as const

export const gachaMessages = {
  notFound: 'このガチャは存在しません。',
  closed: 'このガチャは開催期間外です。',
  adOnly: 'このガチャは広告を最後まで見ると引けます。',
  drawCount: '一度に引ける回数は1回か10回です。',
  singleOnly: 'このガチャは1回ずつ引けます。',
  dailyLimit: '本日はもう引けません。また明日お試しください。',
  notEnoughGold: 'ゴールドが足りません。',
} as const

const isOpen = (g: { starts_at: Date | null; ends_at: Date | null }, now: Date) =>
  (g.starts_at === null || g.starts_at <= now) && (g.ends_at === null || g.ends_at > now)

const gachaColumns = [
  'id',
  'name',
  'description',
  'kind',
  'price',
  'daily_limit',
  'starts_at',
  'ends_at',
  'color',
] as const

function gachaShape(
  g: {
    id: number
    name: string
    description: string
    kind: GachaKind
    price: number
    daily_limit: number | null
    starts_at: Date | null
    ends_at: Date | null
  },
  now: Date,
) {
  return {
    gacha_id: g.id,
    name: g.name,
    description: g.description,
    kind: g.kind,
    price: g.price,
    price_10: g.kind === 'free_daily' || g.kind === 'ad_reward' ? null : g.price * 10,
    daily_limit: g.daily_limit,
    image: `/img/gacha/${g.id}.svg`,
    starts_at: g.starts_at ? Math.floor(g.starts_at.getTime() / 1000) : null,
    ends_at: g.ends_at ? Math.floor(g.ends_at.getTime() / 1000) : null,
    is_open: isOpen(g, now),
  }
}

export type GachaShape = ReturnType<typeof gachaShape>

/** `/api/gachas`: the lotteries open now, in their order. */
export async function listGachas(db: Db, now: Date) {
  const rows = await db.selectFrom('gachas').select(gachaColumns).orderBy('order_no').execute()
  return rows.filter((g) => isOpen(g, now)).map((g) => gachaShape(g, now))
}

export async function findGacha(db: Db, id: number) {
  const gacha = await db
    .selectFrom('gachas')
    .select(gachaColumns)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!gacha) throw new ApiError(404, gachaMessages.notFound)
  return gacha
}

const prizeTable = (db: Db, gachaId: number) =>
  db
    .selectFrom('gacha_prizes')
    .select(['id', 'name', 'prize_type', 'rarity', 'weight', 'gift_id', 'num'])
    .where('gacha_id', '=', gachaId)
    .orderBy('order_no')
    .execute()

/** `/api/gachas/{id}`: the gacha and its prize table with each prize's odds. */
export async function gachaInfo(db: Db, id: number, now: Date) {
  const gacha = await findGacha(db, id)
  const prizes = await prizeTable(db, id)
  const total = prizes.reduce((sum, p) => sum + p.weight, 0)
  return {
    gacha: gachaShape(gacha, now),
    prizes: prizes.map((p) => ({
      prize_id: p.id,
      name: p.name,
      prize_type: p.prize_type,
      rarity: p.rarity,
      num: p.num,
      image: prizeImage(p),
      probability: oddsPercent(p.weight, total),
    })),
  }
}

async function todayDraws(db: Db, userId: number, gachaId: number, now: Date) {
  const row = await db
    .selectFrom('gacha_draws')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('gacha_id', '=', gachaId)
    .where('created_at', '>=', tokyoDayStart(now))
    .executeTakeFirstOrThrow()
  return row.n
}

/** `/api/gachas/{id}/user`: how often the user has drawn here, in all and today. */
export async function userDrawCount(db: Db, userId: number, gachaId: number, now: Date) {
  const gacha = await findGacha(db, gachaId)
  const total = await db
    .selectFrom('gacha_draws')
    .select(sql<number>`coalesce(sum(draw_count), 0)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('gacha_id', '=', gachaId)
    .executeTakeFirstOrThrow()
  const today = await todayDraws(db, userId, gachaId, now)
  return {
    draw_count: total.n,
    today_count: today,
    remaining_today: gacha.daily_limit === null ? null : Math.max(0, gacha.daily_limit - today),
  }
}

/** `/api/gachas/{id}/draw/showgold`: what a draw costs and what the user holds. */
export async function showGold(db: Db, userId: number, gachaId: number, now: Date) {
  const gacha = gachaShape(await findGacha(db, gachaId), now)
  const wallet = await walletOf(db, userId)
  const held = wallet.remaining_point + wallet.remaining_expiring_point
  return {
    price: gacha.price,
    price_10: gacha.price_10,
    gold: wallet.remaining_point,
    expiring_gold: wallet.remaining_expiring_point,
    can_draw: gacha.is_open && held >= gacha.price,
    can_draw_10: gacha.is_open && gacha.price_10 !== null && held >= gacha.price_10,
  }
}

export interface DrawRequest {
  userId: number
  gachaId: number
  drawCount: number
  now: Date
  /** 'ad' only from a completed ad watch (services/ad-reward.ts). */
  via?: 'ad'
}

export interface DrawnPrize {
  prize_id: number
  name: string
  prize_type: PrizeType
  rarity: Rarity
  num: number
  /** What reached the user: a free gift stops at its cap of 99. */
  granted_num: number
  image: string
}

/**
 * One draw call inside the caller's transaction. The user's row is locked first, so the daily
 * limit and the balance are read and changed by one draw at a time; the gold is debited through
 * the ledger and every prize is granted (with its ledger row for free gifts) before the commit.
 * Prizes are chosen here with crypto.randomInt, never by the client.
 */
export async function drawIn(tx: Db, request: DrawRequest) {
  const { userId, gachaId, drawCount, now } = request
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
  const gacha = await findGacha(tx, gachaId)
  if (!isOpen(gacha, now)) throw new ApiError(400, gachaMessages.closed, { errorType: 'CLOSED' })
  if (gacha.kind === 'ad_reward' && request.via !== 'ad') {
    throw new ApiError(400, gachaMessages.adOnly)
  }
  if (!(DRAW_COUNTS as readonly number[]).includes(drawCount)) {
    throw new ApiError(400, gachaMessages.drawCount)
  }
  const single = gacha.kind === 'free_daily' || gacha.kind === 'ad_reward'
  if (single && drawCount !== 1) throw new ApiError(400, gachaMessages.singleOnly)
  if (gacha.kind === 'free_daily' && gacha.daily_limit !== null) {
    if ((await todayDraws(tx, userId, gachaId, now)) >= gacha.daily_limit) {
      throw new ApiError(400, gachaMessages.dailyLimit, { errorType: 'DAILY_LIMIT' })
    }
  }
  const price = single ? 0 : gacha.price * drawCount
  // Issue #28 point 4: a paid draw waits for a guardian's consent under 13; free ones do not.
  if (price > 0) await refuseUnconsentedMinor(tx, userId, now)
  const draw = await tx
    .insertInto('gacha_draws')
    .values({
      user_id: userId,
      gacha_id: gachaId,
      draw_count: drawCount,
      price_paid: price,
      source: request.via ?? (price > 0 ? 'gold' : 'free'),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (price > 0) {
    await debitGold(
      tx,
      userId,
      price,
      { reason: 'gacha', gachaDrawId: draw.id },
      gachaMessages.notEnoughGold,
    )
  }

  // Every draw counts in the gacha missions: a draw of ten is ten draws.
  await advanceMissions(tx, {
    userId,
    action: 'gacha_draw',
    amount: drawCount,
    atMs: now.getTime(),
  })
  const won = pickPrizes(await prizeTable(tx, gachaId), drawCount)
  const drawn: DrawnPrize[] = []
  for (const prize of won) {
    const granted = await grantPrize(tx, userId, prize, draw.id)
    await tx
      .insertInto('gacha_results')
      .values({ draw_id: draw.id, prize_id: prize.id, granted_num: granted })
      .execute()
    drawn.push({
      prize_id: prize.id,
      name: prize.name,
      prize_type: prize.prize_type,
      rarity: prize.rarity,
      num: prize.num,
      granted_num: granted,
      image: prizeImage(prize),
    })
  }
  // A rare prize is worth a notice.
  const rare = drawn.filter((p) => p.rarity === 'SR' || p.rarity === 'SSR')
  if (rare.length > 0) {
    await notify(tx, {
      userId,
      kind: 'gacha',
      title: `「${gacha.name}」で${rare.map((p) => p.name).join('、')}が当たりました`,
      url: '/lottery/history',
    })
  }
  return { draw_id: Number(draw.id), draw_count: drawCount, results: drawn }
}

/** Puts one prize in the user's hands; answers how many reached them. */
async function grantPrize(tx: Db, userId: number, prize: Prize, drawId: string) {
  if (prize.prize_type !== 'free_gift' || prize.gift_id === null) {
    await tx
      .insertInto('user_items')
      .values({ user_id: userId, prize_id: prize.id, num: prize.num })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'prize_id'])
          .doUpdateSet({ num: sql`user_items.num + ${prize.num}` }),
      )
      .execute()
    return prize.num
  }
  return creditFreeGifts(tx, userId, prize.gift_id, prize.num, {
    reason: 'gacha',
    gachaDrawId: drawId,
  })
}

/** `/api/gachas/{id}/draw`: a draw in its own transaction, answered with the new balance. */
export async function drawGacha(db: Db, request: DrawRequest) {
  const drawn = await db.transaction().execute(async (tx) => {
    await markEffect(tx)
    return drawIn(tx, request)
  })
  return { ...drawn, ...(await walletOf(db, request.userId)) }
}
