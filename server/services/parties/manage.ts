import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'

export type PartyChange =
  | { outcome: 'created'; partyId: number; roomIds: number[] }
  | { outcome: 'unknown-rooms'; keys: string[] }
  | { outcome: 'taken'; keys: string[] }
  | { outcome: 'too-few' }

/** A party joins two rooms at least: one room is no party. */
export const PARTY_MIN_ROOMS = 2

/**
 * Makes a party of the rooms in this order (an operator's command, or the demo seed). A room is
 * in one party at most: with `move` the rooms leave their parties for this one (a party left with
 * fewer than two rooms is dissolved), without it a room already in one refuses the whole party.
 * One transaction: nothing is made when something is refused.
 */
export async function createParty(
  db: Db,
  name: string,
  roomKeys: readonly string[],
  options: { move?: boolean } = {},
): Promise<PartyChange> {
  const keys = [...new Set(roomKeys)]
  if (keys.length < PARTY_MIN_ROOMS) return { outcome: 'too-few' }
  // The demo seed calls it inside the seed's transaction.
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work)
  return inTransaction(async (tx) => {
    const rooms = await tx
      .selectFrom('rooms')
      .leftJoin('party_rooms', 'party_rooms.room_id', 'rooms.id')
      .select(['rooms.id', 'rooms.room_url_key', 'party_rooms.party_id'])
      .where('rooms.room_url_key', 'in', keys)
      .execute()
    const missing = keys.filter((k) => !rooms.some((r) => r.room_url_key === k))
    if (missing.length > 0) return { outcome: 'unknown-rooms' as const, keys: missing }
    const taken = rooms.filter((r) => r.party_id !== null)
    if (taken.length > 0 && !options.move) {
      return { outcome: 'taken' as const, keys: taken.map((r) => r.room_url_key) }
    }
    const roomIds = keys.map((k) => rooms.find((r) => r.room_url_key === k)?.id ?? 0)
    if (taken.length > 0) {
      await tx.deleteFrom('party_rooms').where('room_id', 'in', roomIds).execute()
      await dissolveSmallParties(tx)
    }
    const party = await tx
      .insertInto('parties')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx
      .insertInto('party_rooms')
      .values(roomIds.map((room_id, position) => ({ party_id: party.id, room_id, position })))
      .execute()
    return { outcome: 'created' as const, partyId: party.id, roomIds }
  })
}

/** Parties left with fewer than two rooms are no parties. */
async function dissolveSmallParties(db: Db): Promise<void> {
  await db
    .deleteFrom('parties')
    .where(
      sql<number>`(select count(*) from party_rooms where party_rooms.party_id = parties.id)`,
      '<',
      PARTY_MIN_ROOMS,
    )
    .execute()
}

/** Ends a party: its rooms are in none afterwards. False when there is no such party. */
export async function dissolveParty(db: Db, partyId: number): Promise<boolean> {
  const gone = await db.deleteFrom('parties').where('id', '=', partyId).executeTakeFirst()
  return gone.numDeletedRows > 0n
}

/** Every party and its rooms' keys in order, for the operator's listing. */
export async function listParties(db: Db) {
  const rows = await db
    .selectFrom('parties')
    .innerJoin('party_rooms', 'party_rooms.party_id', 'parties.id')
    .innerJoin('rooms', 'rooms.id', 'party_rooms.room_id')
    .select(['parties.id', 'parties.name', 'rooms.room_url_key'])
    .orderBy('parties.id')
    .orderBy('party_rooms.position')
    .execute()
  const parties = new Map<number, { id: number; name: string; rooms: string[] }>()
  for (const r of rows) {
    const party = parties.get(r.id) ?? { id: r.id, name: r.name, rooms: [] }
    party.rooms.push(r.room_url_key)
    parties.set(r.id, party)
  }
  return [...parties.values()]
}
