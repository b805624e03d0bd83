import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { parseCampaignRecord, type CampaignRecord } from './record.ts'

/**
 * The operator's writes (`npm run campaign -- …`, server/cli/campaign.ts): a record inserted or
 * updated by its path, the list, and a campaign ended now. Pages read the table on each request,
 * so a change shows at once, without a release.
 */
export async function upsertCampaign(
  db: Db,
  record: CampaignRecord,
): Promise<{ id: number; created: boolean }> {
  const values = {
    path: record.path,
    layout: record.layout,
    content: JSON.stringify(record.content),
    hero_image_url: record.hero_image_url,
    cta_url: record.cta_url,
    started_at: record.started_at,
    ended_at: record.ended_at,
    ranking: record.ranking === null ? null : JSON.stringify(record.ranking),
    showcase: record.showcase,
    group_key: record.group_key,
    position: record.position,
  }
  const { path: _path, ...changes } = values
  const row = await db
    .insertInto('campaigns')
    .values(values)
    .onConflict((oc) => oc.column('path').doUpdateSet({ ...changes, updated_at: new Date() }))
    // xmax is 0 on a freshly inserted row, the updating transaction's id on an updated one.
    .returning(['id', sql<boolean>`xmax = 0`.as('created')])
    .executeTakeFirstOrThrow()
  return { id: row.id, created: row.created }
}

export type UpsertOutcome =
  { ok: true; id: number; created: boolean; path: string } | { ok: false; problems: string[] }

/** A record as read from an operator's JSON file: checked, then written; or its problems. */
export async function upsertCampaignJson(db: Db, data: unknown): Promise<UpsertOutcome> {
  const parsed = parseCampaignRecord(data)
  if (!parsed.ok) return parsed
  const { record } = parsed
  if (record.ranking?.kind === 'event') {
    const event = await db
      .selectFrom('events')
      .select('id')
      .where('id', '=', record.ranking.event_id)
      .executeTakeFirst()
    if (!event)
      return { ok: false, problems: [`ranking.event_id: no event ${record.ranking.event_id}`] }
  }
  if (record.ranking?.kind === 'gift') {
    const gift = await db
      .selectFrom('gifts')
      .select('id')
      .where('id', '=', record.ranking.gift_id)
      .executeTakeFirst()
    if (!gift)
      return { ok: false, problems: [`ranking.gift_id: no gift ${record.ranking.gift_id}`] }
  }
  return { ok: true, path: record.path, ...(await upsertCampaign(db, record)) }
}

/** Every campaign, by path: what `npm run campaign -- list` prints. */
export function listCampaigns(db: Db) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'path', 'layout', 'started_at', 'ended_at', 'group_key', 'position'])
    .orderBy('path')
    .execute()
}

/**
 * Ends a campaign at `now` (its page says it has ended); one not yet started starts and ends at
 * once. False when there is no such path or it has ended already.
 */
export async function endCampaign(db: Db, path: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set((eb) => ({
      started_at: eb.fn('least', [eb.ref('started_at'), eb.val(new Date(now.getTime() - 1000))]),
      ended_at: now,
      updated_at: now,
    }))
    .where('path', '=', path)
    .where('ended_at', '>', now)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
