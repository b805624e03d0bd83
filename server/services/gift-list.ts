import type { Db } from '../db/index.ts'
import { GIFT_KIND, giftImage, type GiftType } from '../../src/domain/gifts.ts'

// The gift catalogue as SHOWROOM answers it: /api/live/gift_list and gift_groups.

/** One gift in the shape of fixtures/showroom-api/gift_list.json. */
function giftShape(g: {
  id: number
  name: string
  free: boolean
  point: number
  gift_type: GiftType
  icon: number
  label: number
  order_no: number
  scale: number
  dialog_id: number
  is_hidden: boolean
  is_delete_from_stage: boolean
}) {
  return {
    icon: g.icon,
    is_hidden: g.is_hidden,
    order_no: g.order_no,
    gift_type: g.gift_type,
    image: giftImage(g.id),
    gift_id: g.id,
    image2: '',
    free: g.free,
    point: g.point,
    is_delete_from_stage: g.is_delete_from_stage,
    gift_name: g.name,
    scale: g.scale,
    label: g.label,
    dialog_id: g.dialog_id,
  }
}

export type GiftShape = ReturnType<typeof giftShape>

const catalogue = (db: Db) =>
  db
    .selectFrom('gifts')
    .select([
      'id',
      'name',
      'kind',
      'free',
      'point',
      'gift_type',
      'icon',
      'label',
      'order_no',
      'scale',
      'dialog_id',
      'is_hidden',
      'is_delete_from_stage',
    ])
    .where('is_hidden', '=', false)
    .orderBy('order_no')

/** `/api/live/gift_list`: normal gifts and vote (enquete) gifts. */
export async function giftList(db: Db) {
  const gifts = await catalogue(db).execute()
  return {
    normal: gifts.filter((g) => g.kind === GIFT_KIND.normal).map(giftShape),
    enquete: gifts.filter((g) => g.kind === GIFT_KIND.vote).map(giftShape),
  }
}

/** `/api/live/gift_groups`: the panel's tabs, each with its gifts in order. */
export async function giftGroups(db: Db) {
  const [groups, items, gifts] = await Promise.all([
    db.selectFrom('gift_groups').selectAll().orderBy('order_no').execute(),
    db.selectFrom('gift_group_items').selectAll().orderBy('order_no').execute(),
    catalogue(db).execute(),
  ])
  const byId = new Map(gifts.map((g) => [g.id, giftShape(g)]))
  return groups.map((group) => ({
    name: group.name,
    is_default: group.is_default,
    gift_list: items
      .filter((i) => i.group_id === group.id)
      .flatMap((i) => {
        const gift = byId.get(i.gift_id)
        return gift ? [gift] : []
      }),
  }))
}
