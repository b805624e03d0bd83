/** The povo shop: banners, packages and plans, the shipping address, and a plan's reserve. */
import { sql, type Selectable } from 'kysely'
import {
  type Order,
  type ShippingAddress,
  type ShopBanner,
  type ShopPackage,
  type ShopPlan,
} from '../../src/domain/shop.ts'
import { checkShippingAddress } from '../../src/domain/shop-forms.ts'
import type { Db } from '../db/index.ts'
import type { ShopPlanTable } from '../db/schema-shop.ts'
import { ApiError, invalidFields } from '../errors.ts'
import { insertOrder, reserveOnce, type OrderContents } from './orders.ts'
import type { PaymentProvider } from './payment-provider.ts'

export const shopMessages = {
  notFound: '商品が見つかりません',
  shippingRequired: '配送先を入力してください',
  packEnded: 'この特別パックの販売は終了しました',
} as const

/** `/api/povo_ec/top_banners`. */
export async function listBanners(db: Db): Promise<ShopBanner[]> {
  const rows = await db
    .selectFrom('shop_banners')
    .select(['id', 'title', 'link_url'])
    .orderBy('order_no')
    .execute()
  return rows.map((b) => ({
    banner_id: b.id,
    title: b.title,
    image: `/img/shop/banner/${b.id}.svg`,
    link_url: b.link_url,
  }))
}

function packagesQuery(db: Db) {
  return db
    .selectFrom('shop_packages')
    .leftJoin('shop_plans', 'shop_plans.package_id', 'shop_packages.id')
    .select([
      'shop_packages.id',
      'shop_packages.name',
      'shop_packages.description',
      'shop_packages.is_recommended',
      sql<number>`coalesce(min(shop_plans.price), 0)::int`.as('min_price'),
      sql<number>`count(shop_plans.id)::int`.as('plan_count'),
    ])
    .groupBy('shop_packages.id')
    .orderBy('shop_packages.order_no')
}

type PackageRow = Awaited<ReturnType<ReturnType<typeof packagesQuery>['execute']>>[number]

const packageShape = (p: PackageRow): ShopPackage => ({
  package_id: p.id,
  name: p.name,
  description: p.description,
  image: `/img/shop/package/${p.id}.svg`,
  is_recommended: p.is_recommended,
  min_price: p.min_price,
  plan_count: p.plan_count,
})

/** `/api/povo_ec/packages` (and `packages/recommends` with `recommendedOnly`). */
export async function listPackages(db: Db, recommendedOnly = false): Promise<ShopPackage[]> {
  let query = packagesQuery(db)
  if (recommendedOnly) query = query.where('shop_packages.is_recommended', '=', true)
  return (await query.execute()).map(packageShape)
}

async function findPackage(db: Db, id: number): Promise<ShopPackage> {
  const row = await packagesQuery(db).where('shop_packages.id', '=', id).executeTakeFirst()
  if (!row) throw new ApiError(404, shopMessages.notFound)
  return packageShape(row)
}

const planColumns = [
  'id',
  'package_id',
  'name',
  'description',
  'price',
  'gold',
  'requires_shipping',
] as const

const planShape = (p: Pick<Selectable<ShopPlanTable>, (typeof planColumns)[number]>): ShopPlan => ({
  plan_id: p.id,
  package_id: p.package_id,
  name: p.name,
  description: p.description,
  price: p.price,
  gold: p.gold,
  requires_shipping: p.requires_shipping,
  image: `/img/shop/plan/${p.id}.svg`,
})

/** `/api/povo_ec/packages/{id}/plans`. */
export async function packagePlans(db: Db, packageId: number) {
  const pkg = await findPackage(db, packageId)
  const plans = await db
    .selectFrom('shop_plans')
    .select(planColumns)
    .where('package_id', '=', packageId)
    .orderBy('order_no')
    .execute()
  return { package: pkg, plans: plans.map(planShape) }
}

async function findPlan(db: Db, planId: number) {
  const plan = await db
    .selectFrom('shop_plans')
    .select(planColumns)
    .where('id', '=', planId)
    .executeTakeFirst()
  if (!plan) throw new ApiError(404, shopMessages.notFound)
  return plan
}

/** `/api/povo_ec/plans/{id}`. */
export async function planDetail(db: Db, planId: number) {
  const plan = await findPlan(db, planId)
  return { plan: planShape(plan), package: await findPackage(db, plan.package_id) }
}

const SHIPPING_FIELDS = [
  'name',
  'postal_code',
  'prefecture',
  'city',
  'address_line1',
  'address_line2',
  'phone',
] as const satisfies readonly (keyof ShippingAddress)[]

/** The user's saved shipping address, or null. */
export async function shippingAddressOf(db: Db, userId: number): Promise<ShippingAddress | null> {
  const row = await db
    .selectFrom('user_shipping_addresses')
    .select(SHIPPING_FIELDS)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ?? null
}

/**
 * `POST /api/povo_ec/shipping_address`: stores the address only when every field passes
 * checkShippingAddress (the same rules the form shows); otherwise a 400 with field_errors.
 */
export async function saveShippingAddress(
  db: Db,
  userId: number,
  input: Record<string, unknown>,
): Promise<ShippingAddress> {
  const checked = checkShippingAddress(input)
  if (!checked.ok) throw invalidFields(checked.errors)
  const { address } = checked
  const now = new Date()
  await db
    .insertInto('user_shipping_addresses')
    .values({ user_id: userId, ...address, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...address, updated_at: now }))
    .execute()
  return address
}

/**
 * Whether an earlier order of the same client key asked for this plan: the same plan and, when
 * it carries an address, the address the user has saved now (a changed address is a new order).
 */
async function samePlanOrder(
  db: Db,
  existing: OrderContents,
  request: { userId: number; planId: number },
): Promise<boolean> {
  if (existing.plan_id !== request.planId) return false
  if (existing.shipping === null) return true
  const saved = await shippingAddressOf(db, request.userId)
  const copy = existing.shipping
  return saved !== null && SHIPPING_FIELDS.every((field) => copy[field] === saved[field])
}

/**
 * `POST /api/povo_ec/plans/reserve`: a reserved order for a plan, with a copy of the saved
 * address when the plan ships something. A client key already used for another plan or another
 * address is 409 CLIENT_KEY_REUSED.
 */
export async function reservePlan(
  db: Db,
  provider: PaymentProvider | null,
  request: { userId: number; planId: number; clientKey: string },
): Promise<Order> {
  const { userId, clientKey } = request
  return reserveOnce(
    db,
    provider,
    { userId, clientKey },
    async (tx) => {
      const plan = await findPlan(tx, request.planId)
      const pkg = await findPackage(tx, plan.package_id)
      let shipping: string | null = null
      if (plan.requires_shipping) {
        const address = await shippingAddressOf(tx, userId)
        if (!address) {
          throw new ApiError(400, shopMessages.shippingRequired, { errorType: 'SHIPPING_REQUIRED' })
        }
        shipping = JSON.stringify(address)
      }
      return insertOrder(
        tx,
        {
          user_id: userId,
          kind: 'povo',
          title: `${pkg.name} ${plan.name}`,
          quantity: 1,
          amount: plan.price,
          gold: plan.gold,
          plan_id: plan.id,
          shipping,
          client_key: clientKey,
        },
        new Date(),
      )
    },
    (existing) => samePlanOrder(db, existing, request),
  )
}
