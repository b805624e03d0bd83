import * as v from 'valibot'
import type { CurrentUser } from '../domain/api-types.ts'

/** `GET /api/csrf_token`: the session's token (a session is started when there is none). */
export interface CsrfTokenAnswer {
  csrf_token: string
}

/**
 * The CSRF token a form sends as its `csrf_token` field (JSON calls send the `X-CSRF-Token`
 * header instead); anything but text is no token.
 */
export const CsrfField = v.object({ csrf_token: v.fallback(v.string(), '') })

/**
 * `GET /api/current_user`: SPEC.md §3 current user and current-user detail together, plus the
 * fields the routing rules read. An anonymous caller gets every key, empty (0, '', false).
 */
export interface CurrentUserAnswer extends CurrentUser {
  /** The account's own level (SPEC §3 account `level`, as /api/user/profile shows it); 0 anonymous. */
  user_fan_level: number
  /** The id of the caller's own room; 0 for none. */
  own_room_id: number
  /**
   * SHOWROOM's unread event notice; Kirari's notices have no event kind (has_unread_user_notice
   * tells of every unread one): always false.
   */
  has_event_notice: boolean
  /** The detail's name of gold: the same value. */
  user_gold: number
  /** The detail's name of name: the same value. */
  user_name: string
  /** The caller's avatar picture (the same as image); '' anonymous. */
  image_url: string
  organizer_id: number
  organizer_account_id: string
  event_organizer_id: number
  has_payment_organaizer: boolean
}
