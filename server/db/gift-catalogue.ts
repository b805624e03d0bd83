import { GIFT_KIND, GIFT_TYPE, type GiftKind, type GiftType } from '../../src/domain/gifts.ts'
/**
 * The gift catalogue seeded into every database. Ids, points, scales, order and flags follow the
 * recorded SHOWROOM catalogue (fixtures/showroom-api/gift_list.json); names are Kirari's own and
 * images are drawn by the server (/img/gift/{id}.svg) from the colour.
 */
export interface CatalogueGift {
  id: number
  name: string
  kind: GiftKind
  free: boolean
  point: number
  gift_type: GiftType
  color: string
  order_no: number
  scale: number
  icon: number
  label: number
  dialog_id: number
  is_delete_from_stage: boolean
}

type Row = [
  id: number,
  name: string,
  point: number,
  scale: number,
  color: string,
  extra?: Partial<CatalogueGift>,
]

const gift = (
  [id, name, point, scale, color, extra]: Row,
  order_no: number,
  paid: boolean,
): CatalogueGift => ({
  id,
  name,
  kind: GIFT_KIND.normal,
  free: !paid,
  point,
  gift_type: paid ? GIFT_TYPE.paid : GIFT_TYPE.free,
  color,
  order_no,
  scale,
  icon: 0,
  label: 0,
  dialog_id: 0,
  is_delete_from_stage: true,
  ...extra,
})

const free = (rows: Row[], order: number) => rows.map((row, i) => gift(row, order + i, false))
const paid = (rows: Row[], order: number) => rows.map((row, i) => gift(row, order + i, true))

export const FREE_GIFTS = free(
  [
    [1, '赤いスター', 1, 80, '#ef4444'],
    [2, '青いスター', 1, 80, '#3b82f6'],
    [1001, '黄色いスター', 1, 80, '#eab308'],
    [1002, '緑のスター', 1, 80, '#22c55e'],
    [1003, '紫のスター', 1, 80, '#a855f7'],
  ],
  1000,
)

export const PAID_GIFTS = paid(
  [
    [3, 'ハート', 1, 70, '#f43f5e'],
    [4, 'だるま', 1, 100, '#dc2626'],
    [5, 'お花', 10, 120, '#f472b6'],
    [6, '小判', 10, 100, '#ca8a04'],
    [7, '花束', 50, 100, '#ec4899'],
    [8, '風呂敷', 50, 100, '#0ea5e9'],
    [18, '拍手', 88, 220, '#f97316'],
    [12, 'たこ', 100, 150, '#fb7185'],
    [13, 'アイスクリーム', 100, 150, '#fde68a'],
    [35, 'いいね！', 100, 130, '#60a5fa'],
    [19, 'ブラボー', 500, 200, '#8b5cf6'],
    [9, 'くま', 1000, 170, '#a16207'],
    [28, 'かわいすぎ', 1000, 210, '#f9a8d4'],
    [20, '最高', 3000, 240, '#e11d48'],
    [21, 'キラリタワー', 10000, 320, '#6366f1', { is_delete_from_stage: false }],
    [23, 'お城', 10000, 300, '#78716c', { is_delete_from_stage: false }],
  ],
  2000,
)

export const PENLIGHTS = paid(
  [
    [800111, 'ペンライト（赤）', 10, 90, '#ef4444', { icon: 1, dialog_id: 106 }],
    [800112, 'ペンライト（青）', 10, 90, '#3b82f6', { icon: 1, dialog_id: 109 }],
    [800113, 'ペンライト（黄）', 10, 90, '#eab308', { icon: 1, dialog_id: 107 }],
    [800115, 'ペンライト（ピンク）', 10, 90, '#ec4899', { icon: 1, dialog_id: 103 }],
    [800119, 'ペンライト（白）', 10, 90, '#e5e7eb', { icon: 1, dialog_id: 104, label: 1 }],
  ],
  3000,
)

/** Vote gifts (enquete): free, 0 points, one per answer number. */
export const VOTE_GIFTS: CatalogueGift[] = Array.from({ length: 10 }, (_, i) =>
  gift([10001 + i, String(i + 1), 0, 100, '#14b8a6', { kind: GIFT_KIND.vote }], 10001 + i, false),
)

export const GIFT_GROUPS = [
  { id: 1, name: '無料ギフト', is_default: true, order_no: 1, gifts: FREE_GIFTS },
  { id: 2, name: '有料ギフト', is_default: false, order_no: 2, gifts: PAID_GIFTS },
  { id: 3, name: 'ペンライト', is_default: false, order_no: 3, gifts: PENLIGHTS },
]

export const CATALOGUE = [...FREE_GIFTS, ...PAID_GIFTS, ...PENLIGHTS, ...VOTE_GIFTS]
