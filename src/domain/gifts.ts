/** One gift of `/api/live/gift_list` (SPEC §3 Gift; fixtures/showroom-api/gift_list.json). */
/** What a gift is for: an ordinary gift, or a vote (enquete) option's gift. Declared once for both programs. */
export const GIFT_KIND = { normal: 0, vote: 1 } as const
export type GiftKind = (typeof GIFT_KIND)[keyof typeof GIFT_KIND]

/** SPEC §3 `gift_type`: 1 a paid gift, 2 a free one. */
export const GIFT_TYPE = { paid: 1, free: 2 } as const
export type GiftType = (typeof GIFT_TYPE)[keyof typeof GIFT_TYPE]

export interface Gift {
  gift_id: number
  gift_name: string
  free: boolean
  point: number
  image: string
  image2: string
  icon: number
  /** Non-zero: a new gift. */
  label: number
  order_no: number
  scale: number
  dialog_id: number
  gift_type: GiftType
  is_hidden: boolean
  is_delete_from_stage: boolean
}

/** One tab of the gift panel (`/api/live/gift_groups`). */
export interface GiftGroup {
  name: string
  is_default: boolean
  gift_list: Gift[]
}

/** One entry of `/api/live/gift_log` (SPEC §3 gift log entry), and a `t:2` push. */
export interface GiftLogEntry {
  avatar_id: number
  avatar_url: string
  name: string
  gift_id: number
  num: number
  ua: number
  created_at: number
  user_id: number
  aft: number
  image: string
  image2: string
}

/** The most of one gift in one call: the server's limits (server/services/gifts.ts). */
export const GIFT_NUM_MAX = { free: 10, paid: 9999 } as const

/** The viewer's means: gold (expiring gold is spent first) and free gifts held by id. */
export interface Wallet {
  gold: number
  expiringGold: number
  freeNums: Readonly<Record<number, number>>
}

/**
 * SPEC §4 gift selection: a free gift limits the number to its free_num, a paid gift to
 * floor(gold / point) — with the per-call maximum on top.
 */
export function giftLimit(gift: Pick<Gift, 'gift_id' | 'free' | 'point'>, wallet: Wallet): number {
  if (gift.free) return Math.min(GIFT_NUM_MAX.free, Math.max(0, wallet.freeNums[gift.gift_id] ?? 0))
  if (gift.point <= 0) return 0
  return Math.min(GIFT_NUM_MAX.paid, Math.floor((wallet.gold + wallet.expiringGold) / gift.point))
}

/** What `gifting_free` / `gifting_point_use` answer (SPEC §7 send gift). */
export interface GiftResult {
  fan_level: { fan_level: number }
  notify_level_up: boolean
  remaining_point: number
  remaining_expiring_point: number
  free_num?: number
  active_fan: { before_level: number; current_level: number; title_id: number }
  n: number
  /** Whether this gift completed a mission (src/contract/mission.ts MissionNews). */
  mission: { has_achievement: boolean }
}

/** SPEC §4: the self-only log when the active-fan level rises to 1–4, in Japanese and English. */
export function activeFanLog(level: number): { ja: string; en: string } | null {
  if (level < 1 || level > 4) return null
  return {
    ja: `アクティブファンのレベルが${level}に上がりました！`,
    en: `Your active fan level rose to ${level}!`,
  }
}

/** One answer of a vote's results (`enquete_result`, the `t:4` push). */
export interface VoteResult {
  id: number
  gift_id: number
  image: string
  num: number
  /** Share of the votes, in percent. */
  rate: number
}

/** Where a gift's picture is (drawn by the server from its colour): one rule for both programs. */
export const giftImage = (giftId: number) => `/img/gift/${giftId}.svg`
