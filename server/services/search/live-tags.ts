import { sql } from 'kysely'
import type { LiveTagAutocompleteAnswer, LiveTagsAnswer } from '../../../src/contract/search.ts'
import { normalTag, tagProblem, tagsProblem } from '../../../src/domain/live-tags.ts'
import { containsPattern } from '../../../src/domain/search.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import { openLive } from '../lives.ts'
import { ownLive } from '../live-owner.ts'

const AUTOCOMPLETE_TAGS = 10

/** A live's tags in their order (migration 022). */
export async function tagsOf(db: Db, liveId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('live_tags')
    .select('tag')
    .where('live_id', '=', liveId)
    .orderBy('position')
    .execute()
  return rows.map((r) => r.tag)
}

/** `GET /api/live_tags?room_id=`: the tags of the room's live on air. */
export async function roomLiveTags(db: Db, roomId: number): Promise<LiveTagsAnswer> {
  const room = await db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const live = await openLive(db, { roomId })
  return live
    ? { live_id: live.live_id, tags: await tagsOf(db, live.live_id) }
    : { live_id: 0, tags: [] }
}

/** `GET /api/live_tag/validate`: one tag against the rules (400 with its message). */
export function validateTag(raw: string): string {
  const problem = tagProblem(raw)
  if (problem) throw new ApiError(400, problem, { errorType: 'INVALID_TAG' })
  return normalTag(raw)
}

/**
 * `POST /api/live_tags`: the owner replaces the live's tags (the rules of
 * src/domain/live-tags.ts: at most 5, each at most 20 characters, no forbidden word, no
 * repeat), all in one transaction.
 */
export async function setLiveTags(
  db: Db,
  request: { userId: number; liveId: number; tags: string[] },
): Promise<LiveTagsAnswer> {
  const problem = tagsProblem(request.tags)
  if (problem) throw new ApiError(400, problem, { errorType: 'INVALID_TAG' })
  await ownLive(db, request.userId, request.liveId)
  const tags = request.tags.map(normalTag)
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('live_tags').where('live_id', '=', request.liveId).execute()
    if (tags.length > 0) {
      await tx
        .insertInto('live_tags')
        .values(tags.map((tag, i) => ({ live_id: request.liveId, tag, position: i })))
        .execute()
    }
  })
  return { live_id: request.liveId, tags }
}

/** `/api/search/autocomplete_live_tag`: tags that hold the keyword, those most on air first. */
export async function autocompleteLiveTags(
  db: Db,
  keyword: string,
): Promise<LiveTagAutocompleteAnswer> {
  const key = normalTag(keyword)
  if (key === '') return { tags: [] }
  const rows = await sql<{ tag: string; onlive_num: number }>`
    select t.tag, count(*) filter (where l.ended_at is null)::int as onlive_num
    from live_tags t join lives l on l.id = t.live_id
    where lower(t.tag) like lower(${containsPattern(key)})
    group by t.tag
    order by onlive_num desc, count(*) desc, t.tag
    limit ${AUTOCOMPLETE_TAGS}::int`.execute(db)
  return { tags: rows.rows }
}
