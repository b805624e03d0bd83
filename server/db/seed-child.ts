import { hashPassword } from '../services/passwords.ts'
import { DEMO_PASSWORD } from './demo-password.ts'
import type { Db } from './index.ts'

/** The demo account under 13 (issue #28 point 4): 10 years old today, in Tokyo. */
export const DEMO_CHILD = 'demo_child'

function birthdayTenYearsAgo(now: Date): number {
  const tokyo = new Date(now.getTime() + 9 * 3_600_000)
  return (tokyo.getUTCFullYear() - 10) * 10_000 + (tokyo.getUTCMonth() + 1) * 100 + 1
}

/**
 * A ten-year-old with some gold and no guardian's consent yet, so the demo (and the tests) show
 * the age gate's consent page and the paid features it holds back. Once: an existing account is
 * left as it is (its consent stays given).
 */
export async function seedDemoChild(db: Db, now = new Date()): Promise<void> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', DEMO_CHILD)
    .executeTakeFirst()
  if (existing) return
  await db
    .insertInto('users')
    .values({
      account_id: DEMO_CHILD,
      name: 'デモ こども',
      avatar_id: 2,
      birthday: birthdayTenYearsAgo(now),
      sms_auth: true,
      gold: 1000,
      expiring_gold: 0,
      password_hash: await hashPassword(DEMO_PASSWORD),
      is_demo: true,
    })
    .onConflict((oc) => oc.doNothing())
    .execute()
}
