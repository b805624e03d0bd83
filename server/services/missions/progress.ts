import { sql } from 'kysely'
import type { MissionAction } from '../../../src/domain/missions.ts'
import type { Db } from '../../db/index.ts'
import { missionCatalogue, missionPlace, type CatalogueMission } from './catalogue.ts'

/*
 * Progress, exactly (issue #19): an action advances the missions it counts for inside the
 * transaction of the action. The rows are made if missing, then changed by one UPDATE that locks
 * them: concurrent actions wait for each other and each works from the row as the last one left
 * it, so they add up and exactly one of them crosses a target. Nothing here is keyed on the
 * request: a retried request that was not committed changed nothing, and one that was committed
 * is a new action of its own (a second comment is a second comment).
 */

export interface MissionAct {
  userId: number
  action: MissionAction
  /** How much: stars sent, minutes watched; 1 for a comment or a follow. */
  amount: number
  atMs: number
}

/** One mission row to advance: sum adds the amount, days counts a new mission day, streak days in a row. */
interface Step {
  mission: CatalogueMission
  windowStartMs: number
  day: string
  amount: number
  mode: 'sum' | 'days' | 'streak'
  /** The composite mission of the set, for a viewer single mission. */
  compositeId: number | null
}

const setKey = (m: CatalogueMission) =>
  `${m.genre}:${m.daily_period}:${m.campaign_id}:${m.period_no}`

/** Advances the rows of `steps`; answers the missions that reached a level, and their firsts. */
async function advanceRows(tx: Db, userId: number, steps: Step[]) {
  const keys = steps.map(
    (s) => sql`(${userId}::int, ${s.mission.id}::int, ${new Date(s.windowStartMs)}::timestamptz)`,
  )
  const input = steps.map(
    (s) => sql`(${s.mission.id}::int, ${new Date(s.windowStartMs)}::timestamptz, ${s.day}::date,
      ${s.amount}::int, ${s.mode}::text,
      ${`{${s.mission.levels.map((l) => l.target_value).join(',')}}`}::int[])`,
  )
  const next = sql`(case i.mode
      when 'sum' then p.value + i.amount
      when 'days' then p.value + (case when p.last_day = i.day then 0 else 1 end)
      else (case
        when p.last_day = i.day then p.value
        when p.last_day = i.day - 1 then p.value + 1
        else 1 end)
    end)`
  // Sent together: the connection runs them in turn, the update after the rows exist.
  const [, updated] = await Promise.all([
    sql`insert into mission_progress (user_id, mission_id, window_start)
      values ${sql.join(keys)} on conflict do nothing`.execute(tx),
    sql<{ mission_id: number; achieved: number; prev_achieved: number }>`
      update mission_progress p set
        value = ${next},
        last_day = i.day,
        prev_achieved = p.achieved,
        achieved = greatest(p.achieved,
          (select count(*)::int from unnest(i.targets) as t (target) where t.target <= ${next})),
        updated_at = now()
      from (values ${sql.join(input)}) as i (mission_id, window_start, day, amount, mode, targets)
      where p.user_id = ${userId}::int and p.mission_id = i.mission_id
        and p.window_start = i.window_start
      returning p.mission_id, p.achieved, p.prev_achieved`.execute(tx),
  ])
  return updated.rows
}

/**
 * Advances every mission open at `atMs` that counts `action`, and the composite missions of
 * their sets when a single one reaches its first level. Answers whether this action reached a
 * level of any mission (`has_achievement`).
 */
export async function advanceMissions(tx: Db, act: MissionAct): Promise<boolean> {
  if (act.amount <= 0) return false
  const catalogue = await missionCatalogue(tx)
  const composites = new Map<string, number>()
  for (const m of catalogue.missions) if (m.kind === 'composite') composites.set(setKey(m), m.id)
  const steps = catalogue.missions.flatMap((m): Step[] => {
    if (m.action !== act.action) return []
    const place = missionPlace(catalogue, m, act.atMs)
    if (!place?.open) return []
    const mode = m.kind === 'continuous' ? 'streak' : m.count_mode
    return [
      {
        mission: m,
        windowStartMs: place.window.startsMs,
        day: place.day,
        amount: mode === 'sum' ? act.amount : 1,
        mode,
        // A composite counts its set's viewer single missions: a liver's are not every viewer's.
        compositeId:
          m.kind === 'single' && !m.for_owner ? (composites.get(setKey(m)) ?? null) : null,
      },
    ]
  })
  if (steps.length === 0) return false
  const rows = await advanceRows(tx, act.userId, steps)
  let achieved = rows.some((r) => r.achieved > r.prev_achieved)
  const cleared = new Map<number, Step>()
  for (const r of rows) {
    const step = steps.find((s) => s.mission.id === r.mission_id)
    if (!step || step.compositeId === null || r.prev_achieved > 0 || r.achieved === 0) continue
    const composite = catalogue.byId.get(step.compositeId)
    if (!composite) continue
    const seen = cleared.get(composite.id)
    cleared.set(composite.id, {
      ...step,
      mission: composite,
      amount: (seen?.amount ?? 0) + 1,
      mode: 'sum',
      compositeId: null,
    })
  }
  if (cleared.size > 0) {
    const more = await advanceRows(tx, act.userId, [...cleared.values()])
    achieved ||= more.some((r) => r.achieved > r.prev_achieved)
  }
  return achieved
}
