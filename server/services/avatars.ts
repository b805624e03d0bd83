import { sql } from 'kysely'
import type {
  AvatarFavAnswer,
  AvatarsAnswer,
  ChooseAvatarAnswer,
  OwnedAvatar,
} from '../../src/contract/avatar.ts'
import {
  AVATAR_NOT_OWNED_MESSAGE,
  DEFAULT_AVATAR_COUNT,
  avatarUrl,
  defaultAvatarName,
  isDefaultAvatar,
} from '../../src/domain/avatar.ts'
import type { Db } from '../db/index.ts'
import { invalidFields } from '../errors.ts'

/*
 * Avatars (issue #21): a prize avatar's avatar id is its gacha prize id, so what a user owns is
 * the eight defaults plus their user_items rows of prize type 'avatar' with num > 0 (a gacha draw
 * or a mission reward put them there). Ownership is checked here, at the one place an avatar is
 * worn or marked, not by a foreign key (the defaults are no prize).
 */

/** The refusal of an avatar the user does not own, by its field, as every form refusal is. */
const notOwned = () => invalidFields({ avatar_id: AVATAR_NOT_OWNED_MESSAGE })

/** The prize avatars a user holds: `user_items` rows of an avatar prize, num > 0. */
const heldPrizeAvatars = (db: Db, userId: number) =>
  db
    .selectFrom('user_items')
    .innerJoin('gacha_prizes', 'gacha_prizes.id', 'user_items.prize_id')
    .where('user_items.user_id', '=', userId)
    .where('gacha_prizes.prize_type', '=', 'avatar')
    .where('user_items.num', '>', 0)

async function owns(db: Db, userId: number, avatarId: number): Promise<boolean> {
  if (isDefaultAvatar(avatarId)) return true
  const held = await heldPrizeAvatars(db, userId)
    .select('user_items.prize_id')
    .where('user_items.prize_id', '=', avatarId)
    .executeTakeFirst()
  return held !== undefined
}

/** `GET /api/users/me/avatars`: owned avatars, in the order src/contract/avatar.ts documents. */
export async function listAvatars(db: Db, userId: number): Promise<AvatarsAnswer> {
  const [user, prizes, favs] = await Promise.all([
    db.selectFrom('users').select('avatar_id').where('id', '=', userId).executeTakeFirstOrThrow(),
    heldPrizeAvatars(db, userId)
      .select(['gacha_prizes.id', 'gacha_prizes.name', 'gacha_prizes.rarity', 'user_items.num'])
      .orderBy('gacha_prizes.id')
      .execute(),
    db.selectFrom('user_avatar_favs').select('avatar_id').where('user_id', '=', userId).execute(),
  ])
  const fav = new Set(favs.map((f) => f.avatar_id))
  const won: OwnedAvatar[] = prizes.map((p) => ({
    avatar_id: p.id,
    avatar_url: avatarUrl(p.id),
    name: p.name,
    is_default: false,
    is_fav: fav.has(p.id),
    rarity: p.rarity,
    acquired_num: p.num,
  }))
  const defaults: OwnedAvatar[] = Array.from({ length: DEFAULT_AVATAR_COUNT }, (_, id) => ({
    avatar_id: id,
    avatar_url: avatarUrl(id),
    name: defaultAvatarName(id),
    is_default: true,
    is_fav: fav.has(id),
    rarity: null,
    acquired_num: 0,
  }))
  const all = [...won, ...defaults]
  return {
    current_avatar_id: user.avatar_id,
    avatars: [...all.filter((a) => a.is_fav), ...all.filter((a) => !a.is_fav)],
  }
}

/**
 * `POST /api/user/update_user_avatar`: wear an owned avatar. The ownership check and the change
 * are one statement, so the avatar worn is always one the user held at that moment. Comments and
 * gifts read the user's avatar when they are sent, so the next ones carry it.
 */
export async function chooseAvatar(
  db: Db,
  request: { userId: number; avatarId: number },
): Promise<ChooseAvatarAnswer> {
  const { userId, avatarId } = request
  const changed = await db
    .updateTable('users')
    .set({ avatar_id: avatarId })
    .where('id', '=', userId)
    .where((eb) =>
      isDefaultAvatar(avatarId)
        ? sql<boolean>`true`
        : eb.exists(
            heldPrizeAvatars(db, userId)
              .select('user_items.prize_id')
              .where('user_items.prize_id', '=', avatarId),
          ),
    )
    .returning('avatar_id')
    .executeTakeFirst()
  if (!changed) throw notOwned()
  return { avatar_id: changed.avatar_id, avatar_url: avatarUrl(changed.avatar_id) }
}

/** `POST /api/user_avatar/fav`: mark or unmark an owned avatar; marking twice changes nothing. */
export async function setAvatarFav(
  db: Db,
  request: { userId: number; avatarId: number; isFav: boolean },
): Promise<AvatarFavAnswer> {
  const { userId, avatarId, isFav } = request
  if (!(await owns(db, userId, avatarId))) throw notOwned()
  if (isFav) {
    await db
      .insertInto('user_avatar_favs')
      .values({ user_id: userId, avatar_id: avatarId })
      .onConflict((oc) => oc.columns(['user_id', 'avatar_id']).doNothing())
      .execute()
  } else {
    await db
      .deleteFrom('user_avatar_favs')
      .where('user_id', '=', userId)
      .where('avatar_id', '=', avatarId)
      .execute()
  }
  return { avatar_id: avatarId, is_fav: isFav }
}

/** What a prize avatar's picture is drawn from; null when the id is no avatar prize. */
export const prizeAvatarPicture = (db: Db, avatarId: number) =>
  db
    .selectFrom('gacha_prizes')
    .select(['rarity', 'color'])
    .where('id', '=', avatarId)
    .where('prize_type', '=', 'avatar')
    .executeTakeFirst()
