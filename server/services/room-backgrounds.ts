import { sql } from 'kysely'
import { NO_ROOM_ERROR, type RoomBackgroundsAnswer } from '../../src/contract/room-background.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'

/*
 * Room backgrounds (issue #21): what a room's owner does with the backgrounds they hold — their
 * user_items of prize_type 'background', from gacha draws and mission rewards alike.
 *
 * - current: the background the room shows now (room page, live_info.background_image_url).
 * - reset: back to the room's default, no background (a null url).
 * - favorite: a background in or out of the room's favourites.
 * - fixed: when fixed, the current background stays; when not fixed and the room has favourites
 *   it still holds, each new live starts with one of them at random (drawLiveBackground, inside
 *   the live-start transaction).
 */

export const backgroundMessages = {
  noRoom: 'ルームを持っていないため、ルーム背景は設定できません。',
  notOwned: 'この背景は所持していません。ガチャやミッションで手に入れた背景から選んでください。',
} as const

/** The picture of a background: a landscape drawn from the prize's colour. */
export const backgroundUrl = (origin: string, prizeId: number) =>
  `${origin}/img/background/${prizeId}.svg`

/** The caller's room: a user without one has no backgrounds to manage (403 NO_ROOM). */
async function ownRoomId(db: Db, userId: number): Promise<number> {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('owner_user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst()
  if (!room) throw new ApiError(403, backgroundMessages.noRoom, { errorType: NO_ROOM_ERROR })
  return room.id
}

/** The backgrounds a user holds now (num > 0), in the catalogue's order. */
const heldBackgrounds = (db: Db, userId: number) =>
  db
    .selectFrom('user_items')
    .innerJoin('gacha_prizes', 'gacha_prizes.id', 'user_items.prize_id')
    .select(['gacha_prizes.id', 'gacha_prizes.name', 'gacha_prizes.rarity'])
    .where('user_items.user_id', '=', userId)
    .where('user_items.num', '>', 0)
    .where('gacha_prizes.prize_type', '=', 'background')
    .orderBy('gacha_prizes.id')

/** Refuses a background the owner does not hold (400), before anything is written. */
async function requireHeld(db: Db, userId: number, prizeId: number): Promise<void> {
  const held = await heldBackgrounds(db, userId)
    .where('gacha_prizes.id', '=', prizeId)
    .executeTakeFirst()
  if (!held) {
    throw new ApiError(400, backgroundMessages.notOwned, { errorType: 'BACKGROUND_NOT_OWNED' })
  }
}

/** The room's state row, made when first needed (no row: no background, not fixed). */
const upsertState = (
  db: Db,
  roomId: number,
  values: { current_prize_id?: number | null; is_fixed?: boolean },
) =>
  db
    .insertInto('room_backgrounds_state')
    .values({ room_id: roomId, ...values })
    .onConflict((oc) => oc.column('room_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute()

/** The current background of a room (null: the default, none), as live_info shows it. */
export async function currentBackgroundId(db: Db, roomId: number): Promise<number | null> {
  const state = await db
    .selectFrom('room_backgrounds_state')
    .select('current_prize_id')
    .where('room_id', '=', roomId)
    .executeTakeFirst()
  return state?.current_prize_id ?? null
}

async function answer(
  db: Db,
  userId: number,
  roomId: number,
  origin: string,
): Promise<RoomBackgroundsAnswer> {
  const [state, held, favs] = await Promise.all([
    db
      .selectFrom('room_backgrounds_state')
      .select(['current_prize_id', 'is_fixed'])
      .where('room_id', '=', roomId)
      .executeTakeFirst(),
    heldBackgrounds(db, userId).execute(),
    db
      .selectFrom('room_background_favs')
      .select('prize_id')
      .where('room_id', '=', roomId)
      .execute(),
  ])
  const current = state?.current_prize_id ?? null
  const favourites = new Set(favs.map((f) => f.prize_id))
  return {
    current_id: current,
    is_fixed: state?.is_fixed ?? false,
    background_image_url: current === null ? null : backgroundUrl(origin, current),
    backgrounds: held.map((b) => ({
      id: b.id,
      name: b.name,
      rarity: b.rarity,
      image_url: backgroundUrl(origin, b.id),
      is_current: b.id === current,
      is_favorite: favourites.has(b.id),
    })),
  }
}

/** Who asks, and the origin the pictures' addresses start with. */
export interface BackgroundCaller {
  userId: number
  origin: string
}

/** `GET /api/room_backgrounds`: the owner's backgrounds and the room's state. */
export async function roomBackgrounds(db: Db, caller: BackgroundCaller) {
  const roomId = await ownRoomId(db, caller.userId)
  return answer(db, caller.userId, roomId, caller.origin)
}

/** `POST /api/room_backgrounds/current`: the room shows this held background from now. */
export async function chooseBackground(db: Db, caller: BackgroundCaller, prizeId: number) {
  const roomId = await ownRoomId(db, caller.userId)
  await requireHeld(db, caller.userId, prizeId)
  await upsertState(db, roomId, { current_prize_id: prizeId })
  return answer(db, caller.userId, roomId, caller.origin)
}

/** `POST /api/room_backgrounds/reset`: back to the room's default (no background). */
export async function resetBackground(db: Db, caller: BackgroundCaller) {
  const roomId = await ownRoomId(db, caller.userId)
  await upsertState(db, roomId, { current_prize_id: null })
  return answer(db, caller.userId, roomId, caller.origin)
}

/** `POST /api/room_backgrounds/favorite`: a held background in or out of the favourites. */
export async function favoriteBackground(
  db: Db,
  caller: BackgroundCaller,
  request: { prizeId: number; isFavorite: boolean },
) {
  const roomId = await ownRoomId(db, caller.userId)
  await requireHeld(db, caller.userId, request.prizeId)
  if (request.isFavorite) {
    await db
      .insertInto('room_background_favs')
      .values({ room_id: roomId, prize_id: request.prizeId })
      .onConflict((oc) => oc.columns(['room_id', 'prize_id']).doNothing())
      .execute()
  } else {
    await db
      .deleteFrom('room_background_favs')
      .where('room_id', '=', roomId)
      .where('prize_id', '=', request.prizeId)
      .execute()
  }
  return answer(db, caller.userId, roomId, caller.origin)
}

/** `POST /api/room_backgrounds/fixed`: whether the current background stays for every live. */
export async function fixBackground(db: Db, caller: BackgroundCaller, isFixed: boolean) {
  const roomId = await ownRoomId(db, caller.userId)
  await upsertState(db, roomId, { is_fixed: isFixed })
  return answer(db, caller.userId, roomId, caller.origin)
}

/**
 * A new live's background, in the live-start transaction (`tx`): unless the room's background is
 * fixed, one of its favourites the owner still holds, at random; with none, the current stays.
 */
export async function drawLiveBackground(
  tx: Db,
  roomId: number,
  ownerId: number | null,
): Promise<void> {
  if (ownerId === null) return
  const state = await tx
    .selectFrom('room_backgrounds_state')
    .select('is_fixed')
    .where('room_id', '=', roomId)
    .executeTakeFirst()
  if (state?.is_fixed) return
  const drawn = await tx
    .selectFrom('room_background_favs')
    .innerJoin('user_items', (join) =>
      join
        .onRef('user_items.prize_id', '=', 'room_background_favs.prize_id')
        .on('user_items.user_id', '=', ownerId)
        .on('user_items.num', '>', 0),
    )
    .select('room_background_favs.prize_id')
    .where('room_background_favs.room_id', '=', roomId)
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst()
  if (drawn) await upsertState(tx, roomId, { current_prize_id: drawn.prize_id })
}
