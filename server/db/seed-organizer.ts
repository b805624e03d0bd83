import type { Db } from './index.ts'

/**
 * The demo's organizer and navigator (issue #23): `demo_organizer` linked (accepted) to
 * `demo_liver_room`, and `demo_navigator` (the demo password) holding the telop right there.
 * Once: only when demo_navigator is first made, so a link the demo owner ended stays ended.
 */
export async function seedDemoOrganizer(db: Db): Promise<void> {
  const organizer = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('account_id', '=', 'demo_organizer')
    .where('is_demo', '=', true)
    .executeTakeFirst()
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', 'demo_liver_room')
    .executeTakeFirst()
  if (!organizer || !room) return
  // The demo accounts share one password: its hash is taken from another demo account.
  const navigator = await db
    .insertInto('users')
    .values({
      account_id: 'demo_navigator',
      name: 'デモ ナビゲーター',
      avatar_id: 2,
      birthday: 19950401,
      sms_auth: true,
      password_hash: organizer.password_hash,
      is_demo: true,
    })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!navigator) return
  await db
    .insertInto('organizer_rooms')
    .values({
      room_id: room.id,
      organizer_user_id: organizer.id,
      status: 'accepted',
      accepted_at: new Date(),
    })
    .onConflict((oc) => oc.column('room_id').doNothing())
    .execute()
  await db
    .insertInto('navigator_rights')
    .values({ room_id: room.id, user_id: navigator.id, right: 'telop', granted_by: organizer.id })
    .onConflict((oc) => oc.columns(['room_id', 'user_id', 'right']).doNothing())
    .execute()
}
