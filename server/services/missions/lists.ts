import { sql } from 'kysely'
import type {
  LimitedMissions,
  Mission,
  MissionAnswer,
  MissionGenreList,
  MissionSet,
} from '../../../src/contract/mission.ts'
import {
  dailyPeriodAt,
  dailyWindow,
  isWithin,
  missionLevelView,
  monthlyWindow,
  type DailyPeriod,
  type MissionStanding,
  type MissionWindow,
} from '../../../src/domain/missions.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import {
  missionCatalogue,
  missionPlace,
  type Catalogue,
  type CatalogueMission,
} from './catalogue.ts'

/** The genres' order in the panel (SPEC §3 priority: the lowest first). */
const PRIORITY = { daily: 1, monthly: 2, limited: 3 } as const

const seconds = (ms: number) => Math.floor(ms / 1000)
const NO_PROGRESS: MissionStanding = { value: 0, achieved: 0, received: 0 }

/** A mission as `standing` puts the user on it (src/contract/mission.ts Mission). */
export function missionShape(m: CatalogueMission, standing: MissionStanding): Mission {
  const view = missionLevelView(m.levels, standing)
  // The catalogue offers no mission without levels (catalogue.ts), so a level is always shown.
  const level = view.level ?? m.levels[0]
  if (!level) throw new Error(`mission ${m.id} has no levels`)
  return {
    mission_id: m.id,
    title: m.title,
    kind: m.kind,
    action: m.action,
    for_owner: m.for_owner,
    reward_type: level.reward_type,
    reward_id: level.reward_id,
    reward_name: level.reward_name,
    reward_num: level.reward_num,
    reward_url: level.reward_url,
    current_value: standing.value,
    target_value: level.target_value,
    remain_reward: view.remain_reward,
    current_level: view.current_level,
    max_level: view.max_level,
    reward: view.reward,
  }
}

/** The user's rows for these missions' windows, keyed `mission:windowStartMs`. */
async function standings(
  db: Db,
  userId: number,
  keys: Array<{ id: number; window: MissionWindow }>,
): Promise<Map<string, MissionStanding>> {
  const found = new Map<string, MissionStanding>()
  if (keys.length === 0) return found
  const rows = await sql<{
    mission_id: number
    window_start: Date
    value: number
    achieved: number
    received: number
  }>`
    select p.mission_id, p.window_start, p.value, p.achieved, p.received
    from mission_progress p
    join (values ${sql.join(
      keys.map((k) => sql`(${k.id}::int, ${new Date(k.window.startsMs)}::timestamptz)`),
    )}) as k (mission_id, window_start)
      on p.mission_id = k.mission_id and p.window_start = k.window_start
    where p.user_id = ${userId}::int`.execute(db)
  for (const r of rows.rows) found.set(`${r.mission_id}:${r.window_start.getTime()}`, r)
  return found
}

/**
 * `/api/mission`: the genre lists (SPEC §3 Mission genre list) as the user stands now. A liver's
 * missions are listed for room owners only; a limited campaign only while it runs.
 */
export async function missionLists(
  db: Db,
  user: { id: number; ownsRoom: boolean } | null,
  atMs: number,
): Promise<MissionAnswer> {
  const catalogue = await missionCatalogue(db)
  const shown = catalogue.missions.flatMap((m) => {
    if (m.for_owner && !user?.ownsRoom) return []
    const place = missionPlace(catalogue, m, atMs)
    if (!place) return []
    if (m.genre === 'limited' && !campaignOpen(catalogue, m, atMs)) return []
    return [{ m, place }]
  })
  const rows = user
    ? await standings(
        db,
        user.id,
        shown.map(({ m, place }) => ({ id: m.id, window: place.window })),
      )
    : new Map<string, MissionStanding>()
  const windowOf = new Map(shown.map(({ m, place }) => [m.id, place.window.startsMs]))
  const shape = (m: CatalogueMission) =>
    missionShape(m, rows.get(`${m.id}:${windowOf.get(m.id)}`) ?? NO_PROGRESS)
  const listed = shown.map((s) => s.m)
  const setOf = (missions: CatalogueMission[], window: MissionWindow): MissionSet => {
    const composite = missions.find((m) => m.kind === 'composite')
    return {
      composite_mission: composite ? shape(composite) : null,
      continuous_mission: missions.filter((m) => m.kind === 'continuous').map(shape),
      single_mission: missions.filter((m) => m.kind === 'single').map(shape),
      starts_at: seconds(window.startsMs),
      ends_at: seconds(window.endsMs),
    }
  }
  const daily = (period: DailyPeriod) =>
    setOf(
      listed.filter((m) => m.genre === 'daily' && m.daily_period === period),
      dailyWindow(period, atMs),
    )
  const genres: MissionGenreList[] = [
    {
      genre: 'daily',
      priority: PRIORITY.daily,
      current_period: dailyPeriodAt(atMs),
      day: daily('day'),
      night: daily('night'),
    },
    {
      genre: 'monthly',
      priority: PRIORITY.monthly,
      ...setOf(
        listed.filter((m) => m.genre === 'monthly'),
        monthlyWindow(atMs),
      ),
    },
  ]
  for (const campaign of catalogue.campaigns.values()) {
    if (!isWithin(campaign.window, atMs)) continue
    const own = listed.filter((m) => m.campaign_id === campaign.id)
    const limited: LimitedMissions = {
      genre: 'limited',
      priority: PRIORITY.limited,
      campaign_id: campaign.id,
      title: campaign.title,
      description: campaign.description,
      starts_at: seconds(campaign.window.startsMs),
      ends_at: seconds(campaign.window.endsMs),
      periods: campaign.periods.map((p) => ({
        period_no: p.period_no,
        title: p.title,
        starts_at: seconds(p.window.startsMs),
        ends_at: seconds(p.window.endsMs),
        is_current: isWithin(p.window, atMs),
        mission: own.filter((m) => m.period_no === p.period_no).map(shape),
      })),
      all_days_mission: own.filter((m) => m.period_no === null).map(shape),
    }
    genres.push(limited)
  }
  return { is_login: user !== null, now: seconds(atMs), genres }
}

/** Whether a limited mission's campaign runs at `atMs`. */
function campaignOpen(catalogue: Catalogue, m: CatalogueMission, atMs: number): boolean {
  const campaign = m.campaign_id === null ? undefined : catalogue.campaigns.get(m.campaign_id)
  return campaign !== undefined && isWithin(campaign.window, atMs)
}

/**
 * `/api/mission` for a caller: `roomId`, when given, must be a room (the panel is open in it);
 * a user who owns a room sees the liver's missions too.
 */
export async function callerMissions(
  db: Db,
  request: { userId: number | null; roomId: number | undefined; atMs: number },
): Promise<MissionAnswer> {
  const [room, owned] = await Promise.all([
    request.roomId === undefined
      ? null
      : db.selectFrom('rooms').select('id').where('id', '=', request.roomId).executeTakeFirst(),
    request.userId === null
      ? undefined
      : db
          .selectFrom('rooms')
          .select('id')
          .where('owner_user_id', '=', request.userId)
          .executeTakeFirst(),
  ])
  if (request.roomId !== undefined && !room) throw new ApiError(404, messages.notFound)
  const user =
    request.userId === null ? null : { id: request.userId, ownsRoom: owned !== undefined }
  return missionLists(db, user, request.atMs)
}
