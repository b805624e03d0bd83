import { randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'
import type { SandboxStatus } from '../db/schema.ts'
import type { PaymentProvider } from './payments.ts'

export const SANDBOX_NAME = 'sandbox'

/** The sandbox's hosted page for a session (on our own origin, so a path). */
export const sandboxPagePath = (sessionId: string) => `/payment/sandbox/${sessionId}`

export type SandboxOutcome = 'pay' | 'cancel' | 'fail'

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
        .values({ id, order_id: order.orderId, title: order.title, amount: order.amount })
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
    .select(['id', 'order_id', 'title', 'amount', 'status'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
}

/** Records the buyer's choice once: answers false when the session was already decided. */
export async function decideSandboxSession(
  db: Db,
  sessionId: string,
  outcome: SandboxOutcome,
): Promise<boolean> {
  const updated = await db
    .updateTable('payment_sandbox_sessions')
    .set({ status: outcomeStatus[outcome], decided_at: new Date() })
    .where('id', '=', sessionId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === 1
}
