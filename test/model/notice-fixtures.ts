import type { Notice, NoticeListAnswer } from '../../src/contract/notice.ts'

/** A notice of the user's, unread, with its id in its title and body. */
export function notice(id: number, patch: Partial<Notice> = {}): Notice {
  return {
    id,
    kind: 'live_start',
    title: `お知らせ${id}`,
    body: `本文${id}`,
    url: '',
    room_id: null,
    created_at: 1_790_000_000 - id,
    is_read: false,
    ...patch,
  }
}

/** Page `page` of `last`, holding the notices of the given ids. */
export function noticePage(page: number, last: number, ids: number[]): NoticeListAnswer {
  return {
    notices: ids.map((id) => notice(id)),
    current_page: page,
    next_page: page < last ? page + 1 : null,
    unread_num: ids.length,
  }
}
