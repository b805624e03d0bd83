import type { CurrentUser } from '../../domain/api-types.ts'
import type { ApiClient } from './client.ts'

export const getCurrentUser = (api: ApiClient) => api.get<CurrentUser>('/api/current_user')
