import type {
  OrganizerApplicationAnswer,
  OrganizerApplicationBody,
} from '../../contract/organizer-application.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/organizer/application`: the caller's latest application, and whether an organizer. */
export const getOrganizerApplication = (api: ApiClient) =>
  api.get<OrganizerApplicationAnswer>('/api/organizer/application')

/**
 * `POST /api/organizer/application` (JSON): stored pending, or a 400 with `field_errors` (sent
 * as typed: the server normalises the phone and invoice numbers by the rules the form checked),
 * 409 when pending already or an organizer.
 */
export const postOrganizerApplication = (api: ApiClient, body: OrganizerApplicationBody) =>
  api.postJson<OrganizerApplicationAnswer>(
    '/api/organizer/application',
    body satisfies OrganizerApplicationBody,
  )
