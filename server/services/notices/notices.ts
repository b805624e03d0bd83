import { sql } from 'kysely'
import type { Notice, NoticeListAnswer } from '../../../src/contract/notice.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'

export const NOTICES_PER_PAGE = 20

type Row = {
  id: string
  kind: Notice['kind']
  title: string
  body: string
  url: string
  room_id: number | null
  created_at: Date
  read_at: Date | null
}

const shape = (r: Row): Notice => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  room_id: r.room_id,
  created_at: Math.floor(r.created_at.getTime() / 1000),
  is_read: r.read_at !== null,
})

const columns = ['id', 'kind', 'title', 'body', 'url', 'room_id', 'created_at', 'read_at'] as const

/** Whether the user has a notice not read yet (the header's dot): the partial index answers. */
export async function hasUnreadNotice(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_notices')
    .select('id')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** `/api/notice`: a page of the user's notices, newest first, and how many are unread. */
export async function listNotices(db: Db, userId: number, page: number): Promise<NoticeListAnswer> {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom('user_notices')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(NOTICES_PER_PAGE + 1)
      .offset((page - 1) * NOTICES_PER_PAGE)
      .execute(),
    db
      .selectFrom('user_notices')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ])
  return {
    notices: rows.slice(0, NOTICES_PER_PAGE).map(shape),
    current_page: page,
    next_page: rows.length > NOTICES_PER_PAGE ? page + 1 : null,
    unread_num: unread.n,
  }
}

/** `/api/notice/{id}`: one of the user's notices, marked read (someone else's is a 404). */
export async function readNotice(db: Db, userId: number, id: number): Promise<Notice> {
  const row = await db
    .updateTable('user_notices')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', String(id))
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst()
  if (!row) throw new ApiError(404, messages.notFound)
  return shape(row)
}

/** Tells a user something, inside the transaction of what happened. */
export async function notify(
  tx: Db,
  notice: { userId: number; kind: Notice['kind']; title: string; body?: string; url?: string },
): Promise<void> {
  await tx
    .insertInto('user_notices')
    .values({
      user_id: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body ?? '',
      url: notice.url ?? '',
    })
    .execute()
}
