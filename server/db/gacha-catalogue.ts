import type { GachaKind, PrizeType, Rarity } from '../../src/domain/gacha.ts'

/**
 * The lotteries seeded into every database: a free daily gacha, a paid gacha, a limited-time
 * gacha (open for LIMITED_DAYS from the day it is seeded) and the ad-reward gacha. Odds are
 * weight / total weight; each table's weights add up to 1,000, so 1 weight = 0.1 %.
 */
export interface CatalogueGacha {
  id: number
  name: string
  description: string
  kind: GachaKind
  price: number
  daily_limit: number | null
  color: string
  order_no: number
  prizes: CataloguePrize[]
}

export interface CataloguePrize {
  id: number
  name: string
  prize_type: PrizeType
  rarity: Rarity
  weight: number
  gift_id: number | null
  num: number
  color: string
}

export const LIMITED_DAYS = 30

type PrizeRow = [
  id: number,
  name: string,
  type: PrizeType,
  rarity: Rarity,
  weight: number,
  color: string,
  gift?: { id: number; num: number },
]

const prizes = (rows: PrizeRow[]): CataloguePrize[] =>
  rows.map(([id, name, prize_type, rarity, weight, color, gift]) => ({
    id,
    name,
    prize_type,
    rarity,
    weight,
    gift_id: gift?.id ?? null,
    num: gift?.num ?? 1,
    color,
  }))

export const GACHAS: CatalogueGacha[] = [
  {
    id: 1,
    name: '毎日無料ガチャ',
    description: '1日1回、無料で引けるガチャです。回数は毎日0時（日本時間）に戻ります。',
    kind: 'free_daily',
    price: 0,
    daily_limit: 1,
    color: '#f0507a',
    order_no: 1,
    prizes: prizes([
      [101, '赤いスター ×1', 'free_gift', 'N', 400, '#ef4444', { id: 1, num: 1 }],
      [102, '青いスター ×3', 'free_gift', 'N', 300, '#3b82f6', { id: 2, num: 3 }],
      [103, '黄色いスター ×5', 'free_gift', 'R', 180, '#eab308', { id: 1001, num: 5 }],
      [104, '緑のスター ×10', 'free_gift', 'SR', 80, '#22c55e', { id: 1002, num: 10 }],
      [105, 'アバター「ひよこ」', 'avatar', 'SSR', 40, '#facc15'],
    ]),
  },
  {
    id: 2,
    name: 'きらめきガチャ',
    description: 'アバターやルーム背景、グッズが当たるガチャです。',
    kind: 'paid',
    price: 50,
    daily_limit: null,
    color: '#6366f1',
    order_no: 2,
    prizes: prizes([
      [201, '紫のスター ×10', 'free_gift', 'N', 500, '#a855f7', { id: 1003, num: 10 }],
      [202, 'ルーム背景「夜空」', 'background', 'R', 250, '#1e3a8a'],
      [203, 'アバター「流れ星」', 'avatar', 'SR', 150, '#818cf8'],
      [204, 'アクリルスタンド', 'goods', 'SR', 80, '#0ea5e9'],
      [205, 'サイン入りチェキ', 'goods', 'SSR', 20, '#f59e0b'],
    ]),
  },
  {
    id: 3,
    name: '期間限定 桜ガチャ',
    description: '期間限定の桜のアイテムが当たります。',
    kind: 'limited',
    price: 100,
    daily_limit: null,
    color: '#f9a8d4',
    order_no: 3,
    prizes: prizes([
      [301, '赤いスター ×10', 'free_gift', 'N', 450, '#ef4444', { id: 1, num: 10 }],
      [302, 'ルーム背景「夜桜」', 'background', 'R', 300, '#be185d'],
      [303, 'アバター「桜」', 'avatar', 'SR', 170, '#f472b6'],
      [304, '桜の缶バッジ', 'goods', 'SR', 70, '#fb7185'],
      [305, '限定ボイス', 'goods', 'SSR', 10, '#e11d48'],
    ]),
  },
  {
    id: 4,
    name: '広告ガチャ',
    description: '短い広告を最後まで見ると1回引けます（1日3回まで）。',
    kind: 'ad_reward',
    price: 0,
    daily_limit: 3,
    color: '#14b8a6',
    order_no: 4,
    prizes: prizes([
      [401, '赤いスター ×5', 'free_gift', 'N', 600, '#ef4444', { id: 1, num: 5 }],
      [402, '青いスター ×10', 'free_gift', 'R', 300, '#3b82f6', { id: 2, num: 10 }],
      [403, 'アバター「ねこ」', 'avatar', 'SR', 100, '#f97316'],
    ]),
  },
]
