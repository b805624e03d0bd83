/** The logged-in user's own account (/api/account/, its update) and other users' profiles. */
import type { AccountAnswer, UserProfileAnswer } from '../../src/contract/account.ts'
import { FIELD_MESSAGES, checkBirthday, checkName } from '../../src/domain/account-rules.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { authMessages } from './accounts.ts'
import { avatarUrl } from './current-user.ts'

export const accountMessages = {
  birthdaySet: '生年月日は一度登録すると変更できません。変更はお問い合わせください。',
  guardianOnly:
    '法定代理人の同意は、保護者の同意のページ（/legal_representative_agreement）で保護者の方が登録してください。',
} as const

/** The caller's user row: a session whose user is gone is a 401, as a missing login is. */
export async function accountUser(db: Db, userId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) throw new ApiError(401, authMessages.loginRequired)
  return user
}

/** `GET /api/account/`: SPEC.md §3 account plus what /mypage shows and edits. */
export async function accountOf(db: Db, userId: number): Promise<AccountAnswer> {
  const user = await accountUser(db, userId)
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('owner_user_id', '=', user.id)
    .executeTakeFirst()
  return {
    twitter_auth: user.twitter_auth,
    facebook_auth: user.facebook_auth,
    is_room_owner: room !== undefined,
    avatar_url: avatarUrl(user.avatar_id),
    image: avatarUrl(user.avatar_id),
    name: user.name,
    account_id: user.account_id,
    level: user.level,
    gold: user.gold,
    expiring_gold: user.expiring_gold,
    user_id: user.id,
    room_id: room?.id ?? 0,
    birthday: user.birthday,
    is_legal_representative_agreed: user.is_legal_representative_agreed,
    legal_representative:
      user.is_legal_representative_agreed && user.legal_representative_agreed_at !== null
        ? {
            name: user.legal_representative_name ?? '',
            relationship: user.legal_representative_relationship ?? '',
            agreed_at: Math.floor(user.legal_representative_agreed_at.getTime() / 1000),
          }
        : null,
    sms_auth: user.sms_auth,
  }
}

/**
 * `POST /api/account/update`: nickname and birthday, from /mypage ('' leaves either as it is).
 * The birthday decides the under-18 rules, so it is set once; a change goes through support.
 * The legal representative's agreement is a guardian's to give (through its own flow), never a
 * tick of the minor's own: asking for it here is 403 GUARDIAN_ONLY.
 */
export async function updateAccount(
  db: Db,
  userId: number,
  input: { name: string; birthday: string; guardianAgreement: boolean },
): Promise<void> {
  const user = await accountUser(db, userId)
  const name = stripHidden(input.name)
  const { birthday } = input
  if (input.guardianAgreement) {
    throw new ApiError(403, accountMessages.guardianOnly, { errorType: 'GUARDIAN_ONLY' })
  }
  if ((input.name !== '' || name !== '') && !checkName(name))
    throw new ApiError(400, FIELD_MESSAGES.name, { errorType: 'INVALID_NAME' })
  if (birthday !== '' && !checkBirthday(birthday, Date.now())) {
    throw new ApiError(400, FIELD_MESSAGES.birthday, { errorType: 'INVALID_BIRTHDAY' })
  }
  const setBirthday = birthday !== '' && user.birthday !== Number(birthday)
  if (setBirthday && user.birthday !== null) {
    throw new ApiError(409, accountMessages.birthdaySet, { errorType: 'BIRTHDAY_SET' })
  }
  if (name === '' && !setBirthday) return
  // `birthday is null` again in the update: two saves at once cannot both set it.
  const updated = await db
    .updateTable('users')
    .set({
      ...(name !== '' ? { name: name.trim() } : {}),
      ...(setBirthday ? { birthday: Number(birthday) } : {}),
    })
    .where('id', '=', user.id)
    .$if(setBirthday, (q) => q.where('birthday', 'is', null))
    .executeTakeFirst()
  if (setBirthday && Number(updated.numUpdatedRows) === 0) {
    throw new ApiError(409, accountMessages.birthdaySet, { errorType: 'BIRTHDAY_SET' })
  }
}

/** `GET /api/user/profile`: another user's name, avatar and level; 404 for an unknown one. */
export async function userProfile(db: Db, userId: number): Promise<UserProfileAnswer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'avatar_id', 'level'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(404, messages.fetchFailed)
  return {
    user_id: user.id,
    name: user.name,
    avatar_id: user.avatar_id,
    avatar_url: avatarUrl(user.avatar_id),
    image: avatarUrl(user.avatar_id),
    level: user.level,
  }
}

/** `POST /user/update_gift_use_flg`: whether paid gifts ask to be confirmed first. */
export async function setConfirmPaidGifts(db: Db, userId: number, on: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_confirm_gifting_use_gold: on })
    .where('id', '=', userId)
    .execute()
}
