/** Gacha lotteries as /api/gachas answers them (server/services/gachas.ts). */
// Declared once for both programs (and the database's check constraints say the same).
export const GACHA_KINDS = ['free_daily', 'paid', 'limited', 'ad_reward'] as const
export const PRIZE_TYPES = ['free_gift', 'avatar', 'background', 'goods'] as const
export const RARITIES = ['N', 'R', 'SR', 'SSR'] as const
export type GachaKind = (typeof GACHA_KINDS)[number]
export type PrizeType = (typeof PRIZE_TYPES)[number]
export type Rarity = (typeof RARITIES)[number]
/** What paid for a draw: gold, the daily free draw, or an ad watched (migration 009's check). */
export type DrawSource = 'gold' | 'free' | 'ad'

/** A watch id as the server makes them (base64url, 8–32 characters): the contract's rule. */
export const WATCH_ID_PATTERN = /^[A-Za-z0-9_-]{8,32}$/
export type DrawCount = 1 | 10

export interface GachaSummary {
  gacha_id: number
  name: string
  description: string
  kind: GachaKind
  /** Gold per draw (0 for the free and the ad-reward gacha). */
  price: number
  /** Gold for ten at once; null where only single draws exist. */
  price_10: number | null
  daily_limit: number | null
  image: string
  starts_at: number | null
  ends_at: number | null
  is_open: boolean
}

/** A row of the prize table, with its odds in percent as the page shows them. */
export interface PrizeOdds {
  prize_id: number
  name: string
  prize_type: PrizeType
  rarity: Rarity
  num: number
  image: string
  probability: string
}

export interface DrawnPrize {
  prize_id: number
  name: string
  prize_type: PrizeType
  rarity: Rarity
  num: number
  /** What reached the user: free gifts stop at their cap. */
  granted_num: number
  image: string
}

export interface DrawResponse {
  draw_id: number
  draw_count: number
  results: DrawnPrize[]
  remaining_point: number
  remaining_expiring_point: number
}

export interface GachaWallet {
  gold: number
  expiringGold: number
}

/** How often one may draw at once: ten only where the gacha sells them. */
export const drawCountsOf = (gacha: Pick<GachaSummary, 'price_10'>): DrawCount[] =>
  gacha.price_10 === null ? [1] : [1, 10]

/** Gold a draw of `count` takes. */
export const drawCost = (gacha: Pick<GachaSummary, 'price' | 'price_10'>, count: DrawCount) =>
  count === 10 ? (gacha.price_10 ?? gacha.price * 10) : gacha.price

export const walletTotal = (wallet: GachaWallet) => wallet.gold + wallet.expiringGold

/** How long the reveal plays before the results show by themselves (it can be skipped). */
export const REVEAL_MS = 2500

const RARITY_ORDER: Record<Rarity, number> = { N: 0, R: 1, SR: 2, SSR: 3 }
/** The rarest prize of a draw leads the reveal. */
export const rarest = (prizes: readonly DrawnPrize[]): Rarity =>
  prizes.reduce<Rarity>(
    (top, p) => (RARITY_ORDER[p.rarity] > RARITY_ORDER[top] ? p.rarity : top),
    'N',
  )
