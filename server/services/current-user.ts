import type { Selectable } from 'kysely'
import type { CurrentUser, CurrentUserFields } from '../../src/domain/api-types.ts'
import type { CurrentUserAnswer } from '../../src/contract/session.ts'
import { avatarUrl } from '../../src/domain/avatar.ts'
import { DEFAULT_LOCALE, type Locale } from '../../src/domain/locale.ts'
import { mustAgreeToTerms } from '../../src/domain/terms.ts'
import type { Db } from '../db/index.ts'
import type { UserTable } from '../db/schema.ts'
import { freeGiftStock } from './free-gifts.ts'
import { hasUnreadNotice } from './notices/notices.ts'
import { organizerStanding } from './organizers/applications.ts'
import { badgeBoard } from './rankings/badges.ts'

type User = Selectable<UserTable>

export { avatarUrl }

/** SPEC §3 current user of a visitor who is not logged in: every field, empty. */
export const anonymousUserFields = (locale: Locale): CurrentUserFields => ({
  is_login: false,
  user_id: 0,
  account_id: '',
  name: '',
  avatar_id: 0,
  avatar_url: '',
  image: '',
  gold: 0,
  expiring_gold: 0,
  user_expiring_gold: 0,
  fan_level: 0,
  next_fan_level: 0,
  current_level_point: 0,
  next_level_point: 0,
  contribution_point: 0,
  live_rank: 0,
  badge: 0,
  badge_type: 0,
  add_free_gift: 0,
  is_confirm_gifting_use_gold: true,
  is_targeted_discovery_live: false,
  is_tutorial: false,
  locale,
  own_room_url_key: '',
  twitter_auth: false,
})

/** The account columns SPEC §3 current user shows. */
type UserFieldsRow = Pick<
  User,
  | 'id'
  | 'account_id'
  | 'name'
  | 'avatar_id'
  | 'gold'
  | 'expiring_gold'
  | 'is_confirm_gifting_use_gold'
  | 'twitter_auth'
>

/**
 * SPEC §3 current user of a logged-in user, wherever asked: the room-bound fields (fan level,
 * the live's points) stay 0 for the caller in a room to fill.
 */
export function userFields(
  user: UserFieldsRow,
  standing: { ownRoomUrlKey: string; badge: number; locale: Locale },
): CurrentUserFields {
  const image = avatarUrl(user.avatar_id)
  return {
    ...anonymousUserFields(standing.locale),
    is_login: true,
    user_id: user.id,
    account_id: user.account_id,
    name: user.name,
    avatar_id: user.avatar_id,
    avatar_url: image,
    image,
    gold: user.gold,
    expiring_gold: user.expiring_gold,
    user_expiring_gold: user.expiring_gold,
    badge: standing.badge,
    is_confirm_gifting_use_gold: user.is_confirm_gifting_use_gold,
    own_room_url_key: standing.ownRoomUrlKey,
    twitter_auth: user.twitter_auth,
  }
}

/** `/api/current_user` of a visitor who is not logged in: every key, empty. */
const anonymousAnswer = (locale: Locale): CurrentUserAnswer => ({
  ...anonymousUserFields(locale),
  gift_list: { normal: [], enquete: [] },
  sms_auth: false,
  birthday: null,
  gender: 0,
  is_legal_representative_agreed: false,
  is_organizer: false,
  is_evnet_org_pending: false,
  organizer_name: '',
  organizer_id: 0,
  organizer_account_id: '',
  event_organizer_id: 0,
  has_payment_organaizer: false,
  has_unread_user_notice: false,
  has_user_unread_notice: false,
  need_agree_new_terms: false,
  terms_version: '',
  user_fan_level: 0,
  own_room_id: 0,
  has_event_notice: false,
  user_gold: 0,
  user_name: '',
  image_url: '',
})

/** What the current user's answer adds to the account row: read from the user's other tables. */
interface Standing {
  ownRoom: { id: number; room_url_key: string; organizer_user_id: number | null } | undefined
  giftList: CurrentUser['gift_list']
  badge: number
  unreadNotice: boolean
  organizer: Pick<CurrentUser, 'is_evnet_org_pending' | 'organizer_name'>
  /** The terms in force (config.termsVersion). */
  termsVersion: string
  locale: Locale
}

/**
 * `/api/current_user`: the current-user and current-user detail fields of SPEC.md §3 together
 * with those (birthday, organizer, SMS authentication, terms) the client's routing rules read.
 */
export function currentUserBody(user: User, standing: Standing): CurrentUserAnswer {
  const { ownRoom, termsVersion } = standing
  const fields = userFields(user, {
    ownRoomUrlKey: ownRoom?.room_url_key ?? '',
    badge: standing.badge,
    locale: standing.locale,
  })
  return {
    ...anonymousAnswer(standing.locale),
    ...fields,
    ...standing.organizer,
    gift_list: standing.giftList,
    user_name: user.name,
    image_url: fields.image,
    user_gold: user.gold,
    user_fan_level: user.level,
    own_room_id: ownRoom?.id ?? 0,
    birthday: user.birthday,
    is_legal_representative_agreed: user.is_legal_representative_agreed,
    is_organizer: user.is_organizer,
    organizer_id: user.is_organizer ? user.id : 0,
    event_organizer_id: user.is_organizer ? user.id : 0,
    organizer_account_id: user.is_organizer ? user.account_id : '',
    has_payment_organaizer: (ownRoom?.organizer_user_id ?? null) !== null,
    sms_auth: user.sms_auth,
    gender: user.gender,
    has_unread_user_notice: standing.unreadNotice,
    has_user_unread_notice: standing.unreadNotice,
    need_agree_new_terms:
      termsVersion !== '' &&
      mustAgreeToTerms(
        { agreedVersion: user.agreed_terms_version, createdAtMs: user.created_at.getTime() },
        termsVersion,
      ),
    terms_version: termsVersion,
  }
}

/** The room a user owns (one at most) with its organizer when their link is accepted. */
export function ownRoomOf(db: Db, userId: number) {
  return db
    .selectFrom('rooms')
    .leftJoin('organizer_rooms', (join) =>
      join
        .onRef('organizer_rooms.room_id', '=', 'rooms.id')
        .on('organizer_rooms.status', '=', 'accepted'),
    )
    .select(['rooms.id', 'rooms.room_url_key', 'organizer_rooms.organizer_user_id'])
    .where('rooms.owner_user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * The current user with the detail; `termsVersion` is the terms in force (config.termsVersion),
 * `locale` the caller's language (request-locale.ts). A visitor gets every key, empty.
 */
export async function loadCurrentUser(
  db: Db,
  userId: number | null,
  termsVersion: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CurrentUserAnswer> {
  if (userId === null) return anonymousAnswer(locale)
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) return anonymousAnswer(locale)
  // The free gifts the viewer holds, { gift_id, free_num } (SPEC §3 current user gift_list).
  const [ownRoom, giftList, badges, unreadNotice, organizer] = await Promise.all([
    ownRoomOf(db, user.id),
    freeGiftStock(db, user.id),
    badgeBoard(db),
    hasUnreadNotice(db, user.id),
    organizerStanding(db, user),
  ])
  return currentUserBody(user, {
    ownRoom,
    giftList,
    badge: badges.user(user.id),
    unreadNotice,
    organizer,
    termsVersion,
    locale,
  })
}
