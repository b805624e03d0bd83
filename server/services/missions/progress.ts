import { sql } from 'kysely'
import type { MissionAction } from '../../../src/domain/missions.ts'
import type { Db } from '../../db/index.ts'
import { missionCatalogue, missionPlace } from './catalogue.ts'

/*
 * Progress, exactly (issue #19): an action advances the missions it counts for inside the
 * transaction of the action, in one statement. Each row is changed by an upsert that locks it,
 * so concurrent actions add up and exactly one of them crosses a target. Nothing here is keyed
 * on the request: a retried request that was not committed changed nothing, and one that was
 * committed is a new action of its own (a second comment is a second comment).
 */

export interface MissionAct {
  userId: number
  action: MissionAction
  /** How much: stars sent, minutes watched; 1 for a comment or a follow. */
  amount: number
  atMs: number
}

/** A value expression of the conflicting row `p` after the action `excluded` (per mission). */
const nextValue = sql`(case (
    select case when m.kind = 'continuous' then 'streak' else m.count_mode end
    from missions m where m.id = excluded.mission_id)
  when 'sum' then p.value + excluded.value
  when 'days' then p.value + (case when p.last_day = excluded.last_day then 0 else 1 end)
  else (case
    when p.last_day = excluded.last_day then p.value
    when p.last_day = excluded.last_day - 1 then p.value + 1
    else 1 end)
  end)`

/** Levels of `mission` whose target `value` reaches. */
const reached = (mission: unknown, value: unknown) =>
  sql<number>`(select count(*)::int from mission_levels l
    where l.mission_id = ${mission} and l.target_value <= ${value})`

/**
 * Advances every mission open at `atMs` that counts `action`, with the composite missions of
 * their sets when a single one is cleared for the first time. Answers whether this action
 * reached a level of any mission (`has_achievement`).
 */
export async function advanceMissions(tx: Db, act: MissionAct): Promise<boolean> {
  if (act.amount <= 0) return false
  const catalogue = await missionCatalogue(tx)
  const composites = new Map<string, number>()
  for (const m of catalogue.missions) {
    if (m.kind !== 'composite') continue
    composites.set(`${m.genre}:${m.daily_period}:${m.campaign_id}:${m.period_no}`, m.id)
  }
  const rows = catalogue.missions.flatMap((m) => {
    if (m.action !== act.action) return []
    const place = missionPlace(catalogue, m, act.atMs)
    if (!place?.open) return []
    const counted = m.kind === 'single' && m.count_mode === 'sum' ? act.amount : 1
    // A composite counts its set's viewer single missions: a liver's are not every viewer's.
    const composite =
      m.kind === 'single' && !m.for_owner
        ? (composites.get(`${m.genre}:${m.daily_period}:${m.campaign_id}:${m.period_no}`) ?? null)
        : null
    return [
      sql`(${m.id}::int, ${new Date(place.window.startsMs)}::timestamptz, ${place.day}::date,
        ${counted}::int, ${composite}::int)`,
    ]
  })
  if (rows.length === 0) return false
  const result = await sql<{ achieved: boolean }>`
    with input (mission_id, window_start, day, amount, composite_id) as (
      values ${sql.join(rows)}
    ),
    adv as (
      insert into mission_progress as p (user_id, mission_id, window_start, value, last_day, achieved)
      select ${act.userId}::int, i.mission_id, i.window_start, i.amount, i.day,
        ${reached(sql`i.mission_id`, sql`i.amount`)}
      from input i
      on conflict (user_id, mission_id, window_start) do update set
        value = ${nextValue},
        last_day = excluded.last_day,
        prev_achieved = p.achieved,
        achieved = greatest(p.achieved, ${reached(sql`excluded.mission_id`, nextValue)}),
        updated_at = now()
      returning p.mission_id, p.window_start, p.achieved, p.prev_achieved
    ),
    cleared as (
      select i.composite_id, i.window_start, count(*)::int as n
      from adv join input i on i.mission_id = adv.mission_id and i.window_start = adv.window_start
      where i.composite_id is not null and adv.prev_achieved = 0 and adv.achieved > 0
      group by i.composite_id, i.window_start
    ),
    comp as (
      insert into mission_progress as p (user_id, mission_id, window_start, value, achieved)
      select ${act.userId}::int, c.composite_id, c.window_start, c.n,
        ${reached(sql`c.composite_id`, sql`c.n`)}
      from cleared c
      on conflict (user_id, mission_id, window_start) do update set
        value = p.value + excluded.value,
        prev_achieved = p.achieved,
        achieved = greatest(p.achieved,
          ${reached(sql`excluded.mission_id`, sql`p.value + excluded.value`)}),
        updated_at = now()
      returning p.achieved, p.prev_achieved
    )
    select exists (select 1 from adv where achieved > prev_achieved)
      or exists (select 1 from comp where achieved > prev_achieved) as achieved`.execute(tx)
  return result.rows[0]?.achieved ?? false
}
