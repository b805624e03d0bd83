import type {
  CountMode,
  DailyPeriod,
  MissionAction,
  MissionKind,
  RewardType,
} from '../../src/domain/missions.ts'
import { missionDay, TOKYO_OFFSET_MS, DAY_SET_STARTS_HOUR } from '../../src/domain/missions.ts'

/*
 * The missions seeded into every database (seed.ts, seedMissions); docs/how-the-site-works.md "Missions" says how an
 * operator adds more without a release. Rewards name free stars by gift id (gift-catalogue.ts),
 * avatars and room backgrounds by gacha prize id (gacha-catalogue.ts: 105, 203, 303, 403 are
 * avatars, 202 and 302 backgrounds). A composite mission's target is the number of viewer single
 * missions in its set.
 */

/** [target, reward type, reward id (0 for gold), how many]. */
type Level = [number, RewardType, number, number]

export interface CatalogueMissionRow {
  id: number
  kind: MissionKind
  action: MissionAction | null
  count_mode?: CountMode
  title: string
  levels: Level[]
}

const RED = 1
const BLUE = 2
const YELLOW = 1001
const GREEN = 1002
const PURPLE = 1003
const GOLD = 0

const single = (
  id: number,
  action: MissionAction,
  title: string,
  levels: Level[],
  countMode: CountMode = 'sum',
): CatalogueMissionRow => ({ id, kind: 'single', action, count_mode: countMode, title, levels })
const continuous = (id: number, action: MissionAction, title: string, levels: Level[]) =>
  ({ id, kind: 'continuous', action, title, levels }) satisfies CatalogueMissionRow
const composite = (id: number, title: string, levels: Level[]) =>
  ({ id, kind: 'composite', action: null, title, levels }) satisfies CatalogueMissionRow

export const DAILY_MISSIONS: Record<DailyPeriod, CatalogueMissionRow[]> = {
  day: [
    single(101, 'comment', '昼のうちにコメントを3回しよう', [
      [3, 'gift', RED, 10],
      [10, 'gift', BLUE, 10],
      [30, 'gold', GOLD, 5],
    ]),
    single(102, 'free_gift', '昼のうちに無料の星を10個送ろう', [
      [10, 'gift', YELLOW, 10],
      [50, 'gold', GOLD, 5],
    ]),
    single(103, 'watch_minutes', '昼のうちに配信を10分見よう', [
      [10, 'gift', GREEN, 10],
      [30, 'gift', PURPLE, 10],
    ]),
    single(104, 'live_start', '昼に配信を始めよう', [[1, 'gold', GOLD, 10]]),
    continuous(105, 'comment', '昼のコメントを毎日続けよう', [
      [3, 'gold', GOLD, 10],
      [7, 'avatar', 105, 1],
    ]),
    composite(106, '昼のミッションをすべて達成しよう', [[3, 'gold', GOLD, 10]]),
  ],
  night: [
    single(201, 'comment', '夜のうちにコメントを3回しよう', [
      [3, 'gift', RED, 10],
      [10, 'gift', BLUE, 10],
      [30, 'gold', GOLD, 5],
    ]),
    single(202, 'free_gift', '夜のうちに無料の星を10個送ろう', [
      [10, 'gift', YELLOW, 10],
      [50, 'gold', GOLD, 5],
    ]),
    single(203, 'watch_minutes', '夜のうちに配信を30分見よう', [
      [30, 'gift', GREEN, 10],
      [60, 'gold', GOLD, 5],
    ]),
    single(204, 'on_air_minutes', '夜に30分配信しよう', [
      [30, 'gold', GOLD, 10],
      [60, 'gold', GOLD, 20],
    ]),
    continuous(205, 'comment', '夜のコメントを毎日続けよう', [
      [3, 'gold', GOLD, 10],
      [7, 'avatar', 403, 1],
    ]),
    composite(206, '夜のミッションをすべて達成しよう', [[3, 'gold', GOLD, 10]]),
  ],
}

export const MONTHLY_MISSIONS: CatalogueMissionRow[] = [
  single(301, 'comment', '今月コメントを100回しよう', [
    [100, 'gold', GOLD, 10],
    [300, 'gold', GOLD, 30],
    [1000, 'gold', GOLD, 100],
  ]),
  single(302, 'paid_gift', '今月有料ギフトを50個送ろう', [
    [50, 'gold', GOLD, 10],
    [200, 'sg', 202, 1],
  ]),
  single(303, 'follow', '今月ルームを3つフォローしよう', [[3, 'gift', PURPLE, 20]]),
  single(304, 'gacha_draw', '今月ガチャを10回引こう', [[10, 'gold', GOLD, 10]]),
  single(305, 'watch_minutes', '今月10日配信を見よう', [[10, 'avatar', 203, 1]], 'days'),
  single(
    306,
    'live_start',
    '今月5日配信しよう',
    [
      [5, 'gold', GOLD, 20],
      [10, 'gold', GOLD, 50],
      [20, 'sg', 202, 1],
    ],
    'days',
  ),
  single(307, 'on_air_minutes', '今月10時間配信しよう', [[600, 'gold', GOLD, 50]]),
  continuous(308, 'live_start', '7日連続で配信しよう', [[7, 'gold', GOLD, 50]]),
  composite(309, '今月のミッションをすべて達成しよう', [[5, 'gold', GOLD, 50]]),
]

/** The limited campaign: two periods of PERIOD_DAYS from the mission day it is seeded on. */
export const CAMPAIGN = {
  id: 1,
  title: '冬のキラリ祭',
  description: '期間中のミッションを達成して、限定のアバターとルーム背景を手に入れよう。',
  periods: [
    {
      period_no: 1,
      title: '前半',
      missions: [
        single(401, 'comment', '前半のうちにコメントを20回しよう', [[20, 'gift', RED, 20]]),
      ],
    },
    {
      period_no: 2,
      title: '後半',
      missions: [
        single(402, 'free_gift', '後半のうちに無料の星を50個送ろう', [[50, 'gift', BLUE, 20]]),
      ],
    },
  ],
  allDays: [
    single(403, 'gacha_draw', '期間中にガチャを5回引こう', [[5, 'avatar', 303, 1]]),
    continuous(404, 'comment', '期間中に5日続けてコメントしよう', [[5, 'gold', GOLD, 30]]),
    single(405, 'watch_minutes', '期間中に7日配信を見よう', [[7, 'sg', 302, 1]], 'days'),
  ],
}
export const PERIOD_DAYS = 14

/** 05:00 Tokyo on the mission day of `now`: the campaign's first instant. */
export function campaignStart(now: Date): Date {
  const day = missionDay(now.getTime())
  return new Date(
    Date.parse(`${day}T00:00:00Z`) - TOKYO_OFFSET_MS + DAY_SET_STARTS_HOUR * 3_600_000,
  )
}
