import type { NoticeAnswer, NoticeListAnswer, NoticeListQuery } from '../../contract/notice.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/notice`: one page (from 1) of the user's notices, newest first. */
export const getNotices = (api: ApiClient, page: number) =>
  api.get<NoticeListAnswer>('/api/notice', { page: String(page) } satisfies NoticeListQuery)

/** `GET /api/notice/{id}`: one of the user's notices; the server marks it read. */
export const getNotice = (api: ApiClient, id: number) => api.get<NoticeAnswer>(`/api/notice/${id}`)
