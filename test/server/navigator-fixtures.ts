import type { NavigatorRight } from '../../src/domain/navigator.ts'
import type { TestClient } from './client.ts'
import { logInDemo, type TestServer } from './harness.ts'

/**
 * A new account with the demo password (its hash copied from demo_viewer), SMS-authenticated,
 * logged in; `organizer` makes it an organizer.
 */
export async function addAccount(server: TestServer, accountId: string, organizer = false) {
  const db = server.database.db
  const demo = await db
    .selectFrom('users')
    .select('password_hash')
    .where('account_id', '=', 'demo_viewer')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('users')
    .values({
      account_id: accountId,
      name: `テスト ${accountId}`,
      birthday: 19900101,
      sms_auth: true,
      is_organizer: organizer,
      password_hash: demo.password_hash,
    })
    .execute()
  return logInDemo(server, accountId)
}

/** The organizer sets `accountId`'s rights over the room through the API. */
export function grant(
  organizer: TestClient,
  roomId: number,
  accountId: string,
  rights: NavigatorRight[],
) {
  return organizer.postJson('/api/navigator/permission', {
    room_id: roomId,
    account_id: accountId,
    rights,
  })
}

/**
 * Another organizer linked (accepted) to the room `urlKey`, and its navigator there holding every
 * right — written straight to the database: "another organizer's staff".
 */
export async function otherOrganizersStaff(server: TestServer, urlKey: string) {
  const db = server.database.db
  const staff = await addAccount(server, 'other_staff')
  const other = await db
    .insertInto('users')
    .values({ account_id: 'other_org', name: '別の事務所', birthday: 19800101, is_organizer: true })
    .returning('id')
    .executeTakeFirstOrThrow()
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', urlKey)
    .executeTakeFirstOrThrow()
  await db
    .insertInto('organizer_rooms')
    .values({
      room_id: room.id,
      organizer_user_id: other.id,
      status: 'accepted',
      accepted_at: new Date(),
    })
    .execute()
  const rights: NavigatorRight[] = ['welcome', 'telop', 'enquete', 'moderate', 'stats']
  await db
    .insertInto('navigator_rights')
    .values(
      rights.map((right) => ({
        room_id: room.id,
        user_id: staff.userId,
        right,
        granted_by: other.id,
      })),
    )
    .execute()
  return staff
}
