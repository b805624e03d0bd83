import { giftImage } from '../../../src/domain/gifts.ts'
import {
  dailyWindow,
  isWithin,
  missionDay,
  monthlyWindow,
  OWNER_ACTIONS,
  type MissionLevel,
  type MissionWindow,
} from '../../../src/domain/missions.ts'
import type { Db } from '../../db/index.ts'
import type { MissionTable } from '../../db/schema-missions.ts'
import type { Logger } from '../../env.ts'
import { startJob, type Job } from '../jobs.ts'

/*
 * The mission catalogue (docs/how-the-site-works.md, "Missions"): rows of the database an operator edits, read
 * into memory and read again after CATALOGUE_MS — every action looks missions up, so it must not
 * cost a query each time.
 */

export type CatalogueMission = Omit<MissionTable, 'count_mode' | 'is_hidden'> & {
  count_mode: 'sum' | 'days'
  /** The levels in order, each with its reward's name and image. */
  levels: Array<MissionLevel & { reward_name: string; reward_url: string }>
  for_owner: boolean
}

export interface CataloguePeriod {
  period_no: number
  title: string
  window: MissionWindow
}

export interface CatalogueCampaign {
  id: number
  title: string
  description: string
  window: MissionWindow
  periods: CataloguePeriod[]
}

export interface Catalogue {
  loadedAt: number
  missions: CatalogueMission[]
  byId: Map<number, CatalogueMission>
  campaigns: Map<number, CatalogueCampaign>
}

export const CATALOGUE_MS = 30_000

const GOLD_NAME = 'ゴールド'

async function loadCatalogue(db: Db): Promise<Catalogue> {
  const loadedAt = Date.now()
  const [missions, levels, campaigns, periods, gifts, prizes] = await Promise.all([
    db
      .selectFrom('missions')
      .selectAll()
      .where('is_hidden', '=', false)
      .orderBy('order_no')
      .execute(),
    db.selectFrom('mission_levels').selectAll().orderBy('mission_id').orderBy('level').execute(),
    db.selectFrom('mission_campaigns').selectAll().execute(),
    db.selectFrom('mission_campaign_periods').selectAll().orderBy('period_no').execute(),
    db.selectFrom('gifts').select(['id', 'name']).execute(),
    db.selectFrom('gacha_prizes').select(['id', 'name']).execute(),
  ])
  const giftNames = new Map(gifts.map((g) => [g.id, g.name]))
  const prizeNames = new Map(prizes.map((p) => [p.id, p.name]))
  const rewardOf = (l: (typeof levels)[number]) => {
    if (l.reward_type === 'gold')
      return { reward_name: GOLD_NAME, reward_url: '/img/mission/gold.svg' }
    if (l.reward_type === 'gift') {
      return { reward_name: giftNames.get(l.reward_id) ?? '', reward_url: giftImage(l.reward_id) }
    }
    return {
      reward_name: prizeNames.get(l.reward_id) ?? '',
      reward_url: `/img/prize/${l.reward_id}.svg`,
    }
  }
  const levelsOf = new Map<number, CatalogueMission['levels']>()
  for (const l of levels) {
    const list = levelsOf.get(l.mission_id) ?? []
    list.push({
      level: l.level,
      target_value: l.target_value,
      reward_type: l.reward_type,
      reward_id: l.reward_id,
      reward_num: l.reward_num,
      ...rewardOf(l),
    })
    levelsOf.set(l.mission_id, list)
  }
  const list: CatalogueMission[] = missions.flatMap(({ is_hidden: _hidden, ...m }) => {
    const ladder = levelsOf.get(m.id)
    // A mission without levels has nothing to reach: it is not offered.
    if (!ladder || ladder.length === 0) return []
    return [
      {
        ...m,
        levels: ladder,
        for_owner: m.action !== null && OWNER_ACTIONS.includes(m.action),
      },
    ]
  })
  const campaignMap = new Map<number, CatalogueCampaign>()
  for (const c of campaigns) {
    campaignMap.set(c.id, {
      id: c.id,
      title: c.title,
      description: c.description,
      window: { startsMs: c.starts_at.getTime(), endsMs: c.ends_at.getTime() },
      periods: periods
        .filter((p) => p.campaign_id === c.id)
        .map((p) => ({
          period_no: p.period_no,
          title: p.title,
          window: { startsMs: p.starts_at.getTime(), endsMs: p.ends_at.getTime() },
        })),
    })
  }
  return {
    loadedAt,
    missions: list,
    byId: new Map(list.map((m) => [m.id, m])),
    campaigns: campaignMap,
  }
}

let latest: Catalogue | null = null
/** A read through the root handle that callers outside a transaction share. */
let reading: Promise<Catalogue> | null = null

/**
 * The catalogue for a caller outside a transaction (the lists, a receive, the keeper): from
 * memory when read within CATALOGUE_MS, else read again (one read for every caller waiting).
 */
export async function missionCatalogue(db: Db): Promise<Catalogue> {
  if (latest && Date.now() - latest.loadedAt < CATALOGUE_MS) return latest
  reading ??= loadCatalogue(db)
    .then((catalogue) => {
      latest = catalogue
      return catalogue
    })
    .finally(() => {
      reading = null
    })
  return reading
}

/**
 * The catalogue inside an action's transaction: the last one read, however old (the keeper
 * reads it again every CATALOGUE_MS), or — none read yet — a read of its own through the
 * transaction. It never waits for another caller's read: that caller's transaction may be
 * waiting in the database for this one, and neither would ever end.
 */
export async function catalogueInTransaction(tx: Db): Promise<Catalogue> {
  if (latest) return latest
  const own = await loadCatalogue(tx)
  latest ??= own
  return own
}

/** Reads the catalogue again every CATALOGUE_MS, so actions see an operator's change. */
export function startMissionCatalogue(deps: { db: Db; logger: Logger }): Job {
  return startJob({
    name: 'mission catalogue',
    intervalMs: CATALOGUE_MS,
    logger: deps.logger,
    // The first action or list reads it; the job keeps it fresh after.
    now: false,
    run: async () => {
      await missionCatalogue(deps.db)
    },
  })
}

/** Forget the catalogue: after seeding, or an operator's change in tests. */
export function forgetMissionCatalogue(): void {
  latest = null
}

/** Where a mission counts at `atMs`: its window, whether it is open, and the mission day. */
export interface MissionPlace {
  window: MissionWindow
  open: boolean
  day: string
  /** Rewards reached in the window are received until then: its end, or its campaign's. */
  receivableUntilMs: number
}

/**
 * The window a mission counts in at `atMs`. A daily set's window is open only in its half of
 * the day (the other half shows its next one); its continuous missions keep their streaks for
 * the month. Limited missions count in their period, or the campaign's days; null when the
 * campaign is gone from the catalogue.
 */
export function missionPlace(
  catalogue: Catalogue,
  m: CatalogueMission,
  atMs: number,
): MissionPlace | null {
  if (m.genre === 'daily' && m.daily_period) {
    const set = dailyWindow(m.daily_period, atMs)
    const open = isWithin(set, atMs)
    const window = m.kind === 'continuous' ? monthlyWindow(atMs) : set
    return { window, open, day: missionDay(atMs, m.daily_period), receivableUntilMs: window.endsMs }
  }
  if (m.genre === 'monthly') {
    const window = monthlyWindow(atMs)
    return { window, open: true, day: missionDay(atMs), receivableUntilMs: window.endsMs }
  }
  const campaign = m.campaign_id === null ? undefined : catalogue.campaigns.get(m.campaign_id)
  if (!campaign) return null
  const period =
    m.period_no === null ? undefined : campaign.periods.find((p) => p.period_no === m.period_no)
  if (m.period_no !== null && !period) return null
  const window = period?.window ?? campaign.window
  return {
    window,
    open: isWithin(window, atMs),
    day: missionDay(atMs),
    receivableUntilMs: campaign.window.endsMs,
  }
}
