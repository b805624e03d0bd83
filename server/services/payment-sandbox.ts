import { randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'
import type { SandboxStatus } from '../db/schema-shop.ts'
import type { SandboxOutcome } from '../../src/contract/shop.ts'
import { settle } from './order-settlement.ts'
import type { PaymentProvider } from './payment-provider.ts'

export const SANDBOX_NAME = 'sandbox'

/** The sandbox's hosted page for a session (on our own origin, so a path). */
export const sandboxPagePath = (sessionId: string) => `/payment/sandbox/${sessionId}`

const outcomeStatus: Record<SandboxOutcome, SandboxStatus> = {
  pay: 'paid',
  cancel: 'cancelled',
  fail: 'failed',
}

/**
 * The local payment provider: a session table of its own and a page (api/payment-sandbox.ts)
 * where the buyer chooses pay, cancel or fail. No money moves; everything else behaves as a
 * gateway would, including a decision that is final once made.
 */
export function sandboxProvider(db: Db): PaymentProvider {
  return {
    name: SANDBOX_NAME,
    async createSession(order) {
      const id = `ps_${randomBytes(18).toString('base64url')}`
      await db
        .insertInto('payment_sandbox_sessions')
        .values({
          id,
          order_id: order.orderId,
          title: order.title,
          amount: order.amount,
          expires_at: order.expiresAt,
        })
        .execute()
      return { sessionId: id, redirectUrl: sandboxPagePath(id) }
    },
    async getResult(sessionId) {
      const session = await findSandboxSession(db, sessionId)
      return session?.status ?? 'failed'
    },
    async cancelSession(sessionId) {
      await decideSandboxSession(db, sessionId, 'cancel')
    },
  }
}

export async function findSandboxSession(db: Db, sessionId: string) {
  return db
    .selectFrom('payment_sandbox_sessions')
    .select(['id', 'order_id', 'title', 'amount', 'status', 'expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
}

/**
 * Whether the buyer may still decide a pending session: not past its expiry (the order's, copied
 * when it was opened), and its order still awaiting payment on this very session. A gateway
 * knows the first from its own record; the sandbox shares our database, so it also checks the
 * second rather than let a page left open move an order that has moved on.
 */
export async function sandboxSessionOpen(
  db: Db,
  session: { id: string; order_id: string; expires_at: Date },
  now = new Date(),
): Promise<boolean> {
  if (session.expires_at <= now) return false
  const order = await db
    .selectFrom('orders')
    .select(['status', 'provider', 'provider_session'])
    .where('id', '=', session.order_id)
    .executeTakeFirst()
  return (
    order?.status === 'awaiting_payment' &&
    order.provider === SANDBOX_NAME &&
    order.provider_session === session.id
  )
}

/**
 * Records a choice once: answers false when the session was already decided. The buyer's
 * choice (`byBuyer`) is also refused once the session has expired; the order service's cancel
 * of an expired order is not.
 */
export async function decideSandboxSession(
  db: Db,
  sessionId: string,
  outcome: SandboxOutcome,
  options: { byBuyer?: boolean } = {},
): Promise<boolean> {
  const now = new Date()
  let update = db
    .updateTable('payment_sandbox_sessions')
    .set({ status: outcomeStatus[outcome], decided_at: now })
    .where('id', '=', sessionId)
    .where('status', '=', 'pending')
  if (options.byBuyer) update = update.where('expires_at', '>', now)
  const updated = await update.executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}

/** What the buyer's choice on the sandbox page came to. */
export type BuyerDecision = 'decided' | 'expired' | 'closed'

/**
 * The buyer's choice on the sandbox page, which plays the gateway's webhook too: refused past
 * the session's expiry or once its order has moved on (`expired`: the sweeper expired it, say),
 * or once the session was decided (`closed`); otherwise recorded, and the order settled from it.
 */
export async function decideAsBuyer(
  db: Db,
  provider: PaymentProvider,
  session: { id: string; order_id: string; status: SandboxStatus; expires_at: Date },
  outcome: SandboxOutcome,
): Promise<BuyerDecision> {
  if (session.status === 'pending' && !(await sandboxSessionOpen(db, session))) return 'expired'
  if (!(await decideSandboxSession(db, session.id, outcome, { byBuyer: true }))) {
    // Still pending: it expired between the check and the update.
    return (await findSandboxSession(db, session.id))?.status === 'pending' ? 'expired' : 'closed'
  }
  await settle(db, provider, session.order_id)
  return 'decided'
}
