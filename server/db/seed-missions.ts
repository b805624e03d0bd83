import { forgetMissionCatalogue } from '../services/missions/catalogue.ts'
import type { Db } from './index.ts'
import {
  CAMPAIGN,
  DAILY_MISSIONS,
  MONTHLY_MISSIONS,
  PERIOD_DAYS,
  campaignStart,
  type CatalogueMissionRow,
} from './mission-catalogue.ts'
import type { MissionTable } from './schema-missions.ts'

const DAY_MS = 86_400_000

/**
 * The mission catalogue (mission-catalogue.ts): new missions are added, none changed (an
 * operator's edits stay). The limited campaign runs from the mission day it is first seeded on.
 */
export async function seedMissions(db: Db, now: Date): Promise<void> {
  const starts = campaignStart(now)
  const periodStart = (n: number) => new Date(starts.getTime() + (n - 1) * PERIOD_DAYS * DAY_MS)
  const ends = periodStart(CAMPAIGN.periods.length + 1)
  await db
    .insertInto('mission_campaigns')
    .values({
      id: CAMPAIGN.id,
      title: CAMPAIGN.title,
      description: CAMPAIGN.description,
      starts_at: starts,
      ends_at: ends,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('mission_campaign_periods')
    .values(
      CAMPAIGN.periods.map((p) => ({
        campaign_id: CAMPAIGN.id,
        period_no: p.period_no,
        title: p.title,
        starts_at: periodStart(p.period_no),
        ends_at: periodStart(p.period_no + 1),
      })),
    )
    .onConflict((oc) => oc.columns(['campaign_id', 'period_no']).doNothing())
    .execute()
  type Place = Pick<MissionTable, 'genre' | 'daily_period' | 'campaign_id' | 'period_no'>
  const rows: Array<{ row: CatalogueMissionRow; place: Place }> = [
    ...DAILY_MISSIONS.day.map((row) => ({ row, place: daily('day') })),
    ...DAILY_MISSIONS.night.map((row) => ({ row, place: daily('night') })),
    ...MONTHLY_MISSIONS.map((row) => ({ row, place: only('monthly') })),
    ...CAMPAIGN.periods.flatMap((p) =>
      p.missions.map((row) => ({ row, place: limited(p.period_no) })),
    ),
    ...CAMPAIGN.allDays.map((row) => ({ row, place: limited(null) })),
  ]
  await db
    .insertInto('missions')
    .values(
      rows.map(({ row, place }, i) => ({
        id: row.id,
        ...place,
        kind: row.kind,
        action: row.action,
        count_mode: row.count_mode ?? 'sum',
        title: row.title,
        order_no: i + 1,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('mission_levels')
    .values(
      rows.flatMap(({ row }) =>
        row.levels.map(([target, type, rewardId, num], i) => ({
          mission_id: row.id,
          level: i + 1,
          target_value: target,
          reward_type: type,
          reward_id: rewardId,
          reward_num: num,
        })),
      ),
    )
    .onConflict((oc) => oc.columns(['mission_id', 'level']).doNothing())
    .execute()
  // A process that read the catalogue before reads it again.
  forgetMissionCatalogue()
}

const daily = (period: 'day' | 'night') => ({
  genre: 'daily' as const,
  daily_period: period,
  campaign_id: null,
  period_no: null,
})
const only = (genre: 'monthly') => ({
  genre,
  daily_period: null,
  campaign_id: null,
  period_no: null,
})
const limited = (periodNo: number | null) => ({
  genre: 'limited' as const,
  daily_period: null,
  campaign_id: CAMPAIGN.id,
  period_no: periodNo,
})
