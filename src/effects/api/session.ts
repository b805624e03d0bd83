import type { CurrentUserAnswer } from '../../contract/session.ts'
import type { ApiClient } from './client.ts'

export const getCurrentUser = (api: ApiClient) => api.get<CurrentUserAnswer>('/api/current_user')
