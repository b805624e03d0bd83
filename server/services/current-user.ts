import { badgeBoard } from './rankings/badges.ts'
import type { Selectable } from 'kysely'
import type { CurrentUser } from '../../src/domain/api-types.ts'
import { freeGiftStock } from './free-gifts.ts'
import { hasUnreadNotice } from './notices/notices.ts'
import { organizerStanding } from './organizers/applications.ts'
import type { Db } from '../db/index.ts'
import type { UserTable } from '../db/schema.ts'

type User = Selectable<UserTable>

import { avatarUrl } from '../../src/domain/avatar.ts'
import { mustAgreeToTerms } from '../../src/domain/terms.ts'

export { avatarUrl }

/** What a visitor who is not logged in is: also the defaults a logged-in user starts from. */
const ANONYMOUS: CurrentUser = {
  is_login: false,
  has_unread_user_notice: false,
  has_user_unread_notice: false,
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
  gift_list: { normal: [], enquete: [] },
  is_confirm_gifting_use_gold: true,
  is_targeted_discovery_live: false,
  is_tutorial: false,
  locale: 'ja',
  own_room_url_key: '',
  twitter_auth: false,
  birthday: null,
  is_legal_representative_agreed: false,
  is_organizer: false,
  is_evnet_org_pending: false,
  organizer_name: '',
  organizer_id: 0,
  organizer_account_id: '',
  sms_auth: false,
  gender: 0,
  need_agree_new_terms: false,
  terms_version: '',
}

/**
 * `/api/current_user`: the current-user fields of SPEC.md §3 together with the detail fields
 * (birthday, organizer, SMS authentication) the client's routing rules read.
 */
export function currentUserBody(
  user: User | null,
  ownRoomUrlKey: string | null,
  giftList: CurrentUser['gift_list'] = { normal: [], enquete: [] },
  badge = 0,
  unreadNotice = false,
  termsVersion = '',
): CurrentUser {
  if (!user) return { ...ANONYMOUS, gift_list: { normal: [], enquete: [] } }
  return {
    ...ANONYMOUS,
    is_login: true,
    user_id: user.id,
    account_id: user.account_id,
    name: user.name,
    avatar_id: user.avatar_id,
    avatar_url: avatarUrl(user.avatar_id),
    image: avatarUrl(user.avatar_id),
    gold: user.gold,
    expiring_gold: user.expiring_gold,
    user_expiring_gold: user.expiring_gold,
    next_fan_level: 1,
    badge,
    gift_list: giftList,
    is_confirm_gifting_use_gold: user.is_confirm_gifting_use_gold,
    own_room_url_key: ownRoomUrlKey ?? '',
    twitter_auth: user.twitter_auth,
    birthday: user.birthday,
    is_legal_representative_agreed: user.is_legal_representative_agreed,
    is_organizer: user.is_organizer,
    organizer_id: user.is_organizer ? user.id : 0,
    organizer_account_id: user.is_organizer ? user.account_id : '',
    sms_auth: user.sms_auth,
    gender: user.gender,
    has_unread_user_notice: unreadNotice,
    has_user_unread_notice: unreadNotice,
    need_agree_new_terms:
      termsVersion !== '' &&
      mustAgreeToTerms(
        { agreedVersion: user.agreed_terms_version, createdAtMs: user.created_at.getTime() },
        termsVersion,
      ),
    terms_version: termsVersion,
  }
}

/** The current user; `termsVersion` is the terms in force (config.termsVersion). */
export async function loadCurrentUser(db: Db, userId: number | null, termsVersion: string) {
  if (userId === null) return currentUserBody(null, null)
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) return currentUserBody(null, null)
  const room = await db
    .selectFrom('rooms')
    .leftJoin('organizer_rooms', (join) =>
      join
        .onRef('organizer_rooms.room_id', '=', 'rooms.id')
        .on('organizer_rooms.status', '=', 'accepted'),
    )
    .select(['rooms.room_url_key', 'organizer_rooms.organizer_user_id'])
    .where('rooms.owner_user_id', '=', user.id)
    .executeTakeFirst()
  // The free gifts the viewer holds, { gift_id, free_num } (SPEC §3 current user gift_list).
  const [stock, badges, unread, organizer] = await Promise.all([
    freeGiftStock(db, user.id),
    badgeBoard(db),
    hasUnreadNotice(db, user.id),
    organizerStanding(db, user),
  ])
  const badge = badges.user(user.id)
  const body = currentUserBody(user, room?.room_url_key ?? null, stock, badge, unread, termsVersion)
  return {
    ...body,
    ...organizer,
    event_organizer_id: body.organizer_id ?? 0,
    has_payment_organaizer: (room?.organizer_user_id ?? null) !== null,
  }
}
