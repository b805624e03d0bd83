import type {
  Mission,
  MissionAnswer,
  MissionGenreList,
  MissionReceiveAnswer,
} from '../../src/contract/mission.ts'
import type { MissionLoad } from '../../src/machines/mission/mission.machine.ts'

/** The missions' fixtures: the server's clock, and the device's at the same moment. */
export const NOW = 1_800_000_000
export const T0 = NOW * 1000
/** Seconds from NOW to the daily switch. */
export const SWITCH_S = 600

export const mission = (id: number, over: Partial<Mission> = {}): Mission => ({
  mission_id: id,
  title: `ミッション${id}`,
  kind: 'single',
  action: 'comment',
  for_owner: false,
  reward_type: 'gift',
  reward_id: 1,
  reward_name: '星',
  reward_num: 10,
  reward_url: '/img/gift/1.svg',
  current_value: 0,
  target_value: 10,
  remain_reward: 0,
  current_level: 1,
  max_level: 3,
  reward: 'in_progress',
  ...over,
})

export const receivable = (id: number, over: Partial<Mission> = {}) =>
  mission(id, { current_value: 10, remain_reward: 1, reward: 'receivable', ...over })

/** A viewer's lists: today's day set open, a night set next, the month, a campaign. */
export function answer(over: { login?: boolean; limited?: boolean } = {}): MissionAnswer {
  const login = over.login ?? true
  const progress = (m: Mission) =>
    login ? m : { ...m, current_value: 0, remain_reward: 0, reward: 'in_progress' as const }
  const limited: MissionGenreList = {
    genre: 'limited',
    priority: 3,
    campaign_id: 1,
    title: '冬のキャンペーン',
    description: '毎日コメントしよう',
    starts_at: NOW - 86_400,
    ends_at: NOW + 3 * 86_400,
    periods: [
      {
        period_no: 1,
        title: '第1週',
        starts_at: NOW - 86_400,
        ends_at: NOW + 86_400,
        is_current: true,
        mission: [progress(receivable(6, { reward_type: 'avatar', reward_name: 'アバター' }))],
      },
    ],
    all_days_mission: [progress(mission(7, { for_owner: true, action: 'live_start' }))],
  }
  const genres: MissionGenreList[] = [
    {
      genre: 'monthly',
      priority: 2,
      composite_mission: null,
      continuous_mission: [
        progress(receivable(4, { kind: 'continuous', reward_type: 'gold', remain_reward: 2 })),
      ],
      single_mission: [progress(mission(5, { reward: 'completed', current_level: 3 }))],
      starts_at: NOW - 86_400,
      ends_at: NOW + 10 * 86_400,
    },
    {
      genre: 'daily',
      priority: 1,
      current_period: 'day',
      day: {
        composite_mission: progress(mission(2, { kind: 'composite', action: null })),
        continuous_mission: [],
        single_mission: [progress(receivable(1))],
        starts_at: NOW - 3_600,
        ends_at: NOW + SWITCH_S,
      },
      night: {
        composite_mission: null,
        continuous_mission: [],
        single_mission: [progress(mission(3))],
        starts_at: NOW + SWITCH_S,
        ends_at: NOW + SWITCH_S + 43_200,
      },
    },
    ...(over.limited === false ? [] : [limited]),
  ]
  return { is_login: login, now: NOW, genres }
}

export const load = (over: Parameters<typeof answer>[0] = {}): MissionLoad => ({
  answer: answer(over),
  atMs: T0,
})

export const received = (
  next: Mission,
  type: MissionReceiveAnswer['received_reward_type'],
): MissionReceiveAnswer => ({
  mission: next,
  received_reward_type: type,
  received_num: next.reward_num,
  received_reward_name: next.reward_name,
})
