import { sql } from 'kysely'
import {
  DAY_SET_STARTS_HOUR,
  TOKYO_OFFSET_MS,
  type MissionAction,
} from '../../../src/domain/missions.ts'
import type { Db } from '../../db/index.ts'
import { notify } from '../notices/notices.ts'
import { catalogueInTransaction, missionPlace, type CatalogueMission } from './catalogue.ts'

/*
 * Progress, exactly (issue #19): an action advances the missions it counts for inside the
 * transaction of the action. An UPDATE locks the rows it changes: concurrent actions wait for
 * each other and each works from the row as the last one left it, so they add up and exactly one
 * of them crosses a target. Nothing here is keyed on the
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

type Moved = { mission_id: number; achieved: number; prev_achieved: number }

const next = sql`(case i.mode
    when 'sum' then p.value + i.amount
    when 'days' then p.value + (case when p.last_day = i.day then 0 else 1 end)
    else (case
      when p.last_day = i.day then p.value
      when p.last_day = i.day - 1 then p.value + 1
      else 1 end)
  end)`

/** One UPDATE of the user's existing rows of `steps`: each row locked, then moved. */
async function updateRows(tx: Db, userId: number, steps: Step[]): Promise<Moved[]> {
  const input = steps.map(
    (s) => sql`(${s.mission.id}::int, ${new Date(s.windowStartMs)}::timestamptz, ${s.day}::date,
      ${s.amount}::int, ${s.mode}::text,
      ${`{${s.mission.levels.map((l) => l.target_value).join(',')}}`}::int[])`,
  )
  const updated = await sql<Moved>`
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
    returning p.mission_id, p.achieved, p.prev_achieved`.execute(tx)
  return updated.rows
}

/**
 * Advances the rows of `steps`; answers each row's levels reached before and after. Most actions
 * find their rows (a window's first action made them): one statement. The rest are inserted as
 * the action leaves them; a row another transaction inserted meanwhile (the insert waits for it
 * and skips) is then updated like the others.
 */
async function advanceRows(tx: Db, userId: number, steps: Step[]): Promise<Moved[]> {
  const updated = await updateRows(tx, userId, steps)
  if (updated.length === steps.length) return updated
  const missing = steps.filter((s) => !updated.some((r) => r.mission_id === s.mission.id))
  const inserted = await tx
    .insertInto('mission_progress')
    .values(
      missing.map((s) => ({
        user_id: userId,
        mission_id: s.mission.id,
        window_start: new Date(s.windowStartMs),
        value: s.amount,
        last_day: s.day,
        achieved: s.mission.levels.filter((l) => l.target_value <= s.amount).length,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['mission_id', 'achieved', 'prev_achieved'])
    .execute()
  const raced = missing.filter((s) => !inserted.some((r) => r.mission_id === s.mission.id))
  return [...updated, ...inserted, ...(raced.length > 0 ? await updateRows(tx, userId, raced) : [])]
}

/**
 * Advances every mission open at `atMs` that counts `action`, and the composite missions of
 * their sets when a single one reaches its first level. Answers whether this action reached a
 * level of any mission (`has_achievement`).
 */
export async function advanceMissions(tx: Db, act: MissionAct): Promise<boolean> {
  if (act.amount <= 0) return false
  const catalogue = await catalogueInTransaction(tx)
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
  // The user's notices say so too, with the way to the rewards.
  if (achieved) {
    await notify(tx, {
      userId: act.userId,
      kind: 'mission',
      title: 'ミッションを達成しました',
      body: '報酬を受け取りましょう。',
      url: '/mission',
    })
  }
  return achieved
}

const HALF_DAY_MS = 12 * 3_600_000
/** 05:00 Tokyo as an offset into a UTC day. */
const DAY_SET_OFFSET_MS = DAY_SET_STARTS_HOUR * 3_600_000 - TOKYO_OFFSET_MS

/**
 * Time on air from `fromMs` to `toMs` (a live that ended): the minutes in each window it
 * touched count in that window — cut at every 05:00 and 17:00 Tokyo (day, night and month
 * borders) and at the campaigns' period edges. Whole minutes: the cuts add up to the whole
 * live's minutes. Answers whether any of them reached a level.
 */
export async function advanceMissionsOver(
  tx: Db,
  act: { userId: number; action: MissionAction; fromMs: number; toMs: number },
): Promise<boolean> {
  if (act.toMs <= act.fromMs) return false
  const catalogue = await catalogueInTransaction(tx)
  const cuts = new Set<number>([act.fromMs, act.toMs])
  // 05:00 Tokyo is 20:00 UTC, and 17:00 twelve hours on: every border is a multiple of 12 h
  // from 20:00 UTC.
  const first = Math.ceil((act.fromMs - DAY_SET_OFFSET_MS) / HALF_DAY_MS) * HALF_DAY_MS
  for (let t = first + DAY_SET_OFFSET_MS; t < act.toMs; t += HALF_DAY_MS) cuts.add(t)
  for (const campaign of catalogue.campaigns.values()) {
    for (const w of [campaign.window, ...campaign.periods.map((p) => p.window)]) {
      for (const edge of [w.startsMs, w.endsMs]) {
        if (edge > act.fromMs && edge < act.toMs) cuts.add(edge)
      }
    }
  }
  const sorted = [...cuts].filter((t) => t >= act.fromMs && t <= act.toMs).sort((a, b) => a - b)
  const minutesTo = (t: number) => Math.floor((t - act.fromMs) / 60_000)
  let achieved = false
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [start = 0, end = 0] = [sorted[i], sorted[i + 1]]
    const amount = minutesTo(end) - minutesTo(start)
    if (amount <= 0) continue
    const reached = await advanceMissions(tx, {
      userId: act.userId,
      action: act.action,
      amount,
      atMs: start,
    })
    achieved ||= reached
  }
  return achieved
}
