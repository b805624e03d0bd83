import type { CurrentUserAnswer } from '../../contract/session.ts'
import type { CurrentUser } from '../../domain/api-types.ts'
import type { ApiClient } from './client.ts'

/** `/api/current_user`: the app keeps the answer as its CurrentUser (the detail's twins aside). */
export const getCurrentUser = (api: ApiClient): Promise<CurrentUser> =>
  api.get<CurrentUserAnswer>('/api/current_user')
