import { randomBytes } from 'node:crypto'
import { DEMO_PASSWORD } from './demo-password.ts'
import { sql } from 'kysely'
import { hashPassword } from '../services/passwords.ts'
import { demoRooms as rooms, genres } from './demo-data.ts'
import { CATALOGUE, GIFT_GROUPS } from './gift-catalogue.ts'
import { GACHAS, LIMITED_DAYS } from './gacha-catalogue.ts'
import { seedMissions } from './seed-missions.ts'
import { seedAnimations } from './seed-dialogs.ts'
import { seedDemoAdditions } from './seed-demo.ts'
import { seedLiverThemes } from './seed-liver-themes.ts'
import { seedShop } from './seed-shop.ts'
import type { Db } from './index.ts'

/** The password of the demo accounts (README); never in a production database. */
/** Any constant: the advisory lock seeding holds. */
const SEED_LOCK = 4_205_302

export { DEMO_PASSWORD }

/** YYYYMMDD of the date `years` years and `days` days before `now`. */
function birthdayYearsAgo(now: Date, years: number, days = 0): number {
  const d = new Date(now.getTime() - days * 86_400_000)
  return (d.getUTCFullYear() - years) * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate()
}

export function newBroadcastKey(roomId: number): string {
  return `${roomId.toString(16).padStart(6, '0')}:${randomBytes(6).toString('base64url').slice(0, 8)}`
}

/** True when the database already holds the catalogue (genres); seeding is then skipped. */
export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('genres')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return row.n > 0
}

/**
 * Genres always; with `demo`, demo livers, viewers and rooms, some of them on air. Runs in one
 * transaction, so a crash mid-seed leaves an empty database that is seeded again next start.
 */
export async function seed(db: Db, options: { demo: boolean; now?: Date }): Promise<boolean> {
  if (await isSeeded(db)) {
    // A database seeded by an older version gets what the catalogue and demo have gained since.
    await seedGifts(db)
    await seedLiverThemes(db)
    await seedAnimations(db)
    await seedGachas(db, options.now ?? new Date())
    await seedShop(db)
    await seedMissions(db, options.now ?? new Date())
    // Under the seed lock: processes starting together add the demo's additions once.
    if (options.demo)
      await db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx)
        await seedDemoAdditions(tx)
      })
    return false
  }
  const now = options.now ?? new Date()
  const seeded = await db.transaction().execute(async (tx) => {
    // Processes starting together on one PostgreSQL seed it once.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx)
    if (await isSeeded(tx)) return false
    await tx.insertInto('genres').values(genres).execute()
    await seedGifts(tx)
    await seedLiverThemes(tx)
    await seedAnimations(tx)
    await seedGachas(tx, now)
    await seedShop(tx)
    await seedMissions(tx, now)
    if (!options.demo) return true

    const demoUsers = [
      {
        account_id: 'demo_viewer',
        name: 'デモ視聴者',
        avatar_id: 3,
        birthday: birthdayYearsAgo(now, 25),
        sms_auth: true,
        gold: 5000,
        expiring_gold: 300,
        phone: '09000000001',
        mail_address: 'demo_viewer@kirari.example',
      },
      {
        account_id: 'demo_liver',
        name: 'デモ ライバー',
        avatar_id: 5,
        birthday: birthdayYearsAgo(now, 22),
        sms_auth: true,
        gold: 100,
        expiring_gold: 0,
        phone: '09000000002',
      },
      {
        account_id: 'demo_minor',
        name: '小鳥 ひな',
        avatar_id: 1,
        birthday: birthdayYearsAgo(now, 15, 100),
        sms_auth: true,
        gold: 0,
        expiring_gold: 0,
      },
      {
        account_id: 'demo_organizer',
        name: 'デモ主催者',
        avatar_id: 7,
        birthday: birthdayYearsAgo(now, 35),
        sms_auth: true,
        gold: 0,
        expiring_gold: 0,
        is_organizer: true,
      },
    ]
    // One hash for the shared demo password keeps the first start fast; demo data only.
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    const ids = new Map<string, number>()
    for (const u of demoUsers) {
      const row = await tx
        .insertInto('users')
        .values({ ...u, password_hash: passwordHash, is_demo: true })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.set(u.account_id, row.id)
    }

    for (const [i, r] of rooms.entries()) {
      let owner = ids.get(
        r.key === 'demo_liver_room' ? 'demo_liver' : r.key === 'minor_hina' ? 'demo_minor' : '',
      )
      if (owner === undefined) {
        const liver = await tx
          .insertInto('users')
          .values({
            account_id: `liver_${r.key}`,
            name: r.main,
            avatar_id: i % 8,
            birthday: birthdayYearsAgo(now, 20 + (i % 10)),
            sms_auth: true,
            is_demo: true,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        owner = liver.id
      }
      const room = await tx
        .insertInto('rooms')
        .values({
          room_url_key: r.key,
          room_name: r.room,
          main_name: r.main,
          sub_name: r.sub,
          description: r.description,
          owner_user_id: owner,
          genre_id: r.genre,
          color: r.color,
          official_lv: r.official,
          is_official: r.official > 0,
          follower_num: r.followers,
          is_pickup: r.pickup ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (r.onAirFor !== null) {
        await tx
          .insertInto('lives')
          .values({
            room_id: room.id,
            started_at: new Date(now.getTime() - r.onAirFor * 60_000),
            view_num: r.viewers,
            bcsvr_key: newBroadcastKey(room.id),
          })
          .execute()
      }
    }
    await seedDemoAdditions(tx)
    return true
  })
  return seeded
}

/** The gift catalogue and its groups (gift-catalogue.ts); new entries are added, none changed. */
export async function seedGifts(db: Db): Promise<void> {
  await db
    .insertInto('gifts')
    .values(CATALOGUE)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('gift_groups')
    .values(GIFT_GROUPS.map(({ gifts: _gifts, ...group }) => group))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('gift_group_items')
    .values(
      GIFT_GROUPS.flatMap((group) =>
        group.gifts.map((g, i) => ({ group_id: group.id, gift_id: g.id, order_no: i })),
      ),
    )
    .onConflict((oc) => oc.columns(['group_id', 'gift_id']).doNothing())
    .execute()
}

/**
 * The lotteries (gacha-catalogue.ts); new ones are added, none changed. A limited-time gacha
 * opens when it is seeded and closes LIMITED_DAYS later.
 */
export async function seedGachas(db: Db, now: Date): Promise<void> {
  const until = new Date(now.getTime() + LIMITED_DAYS * 86_400_000)
  await db
    .insertInto('gachas')
    .values(
      GACHAS.map(({ prizes: _prizes, ...g }) => ({
        ...g,
        starts_at: g.kind === 'limited' ? now : null,
        ends_at: g.kind === 'limited' ? until : null,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('gacha_prizes')
    .values(
      GACHAS.flatMap((g) => g.prizes.map((p, i) => ({ ...p, gacha_id: g.id, order_no: i + 1 }))),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}
