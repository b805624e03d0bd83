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

/** `GET /api/current_user`: SPEC.md §3 current user plus the fields the routing rules read. */
export type CurrentUserAnswer = CurrentUser
