/**
 * Room grades and the SHOWRANK (issue #18). A room holds a grade for a whole Tokyo week (from
 * Monday 00:00). When the week ends, its weekly score (src/domain/scores.ts) moves it once:
 * - at or above the grade's `up` border: one grade up (the top grade has none);
 * - below the grade's `keep` border: one grade down (never below the first);
 * - otherwise it keeps its grade.
 * A new room starts at the first grade. Official rooms are outside the ladder ("Excluded").
 * Leagues are the grades (league_id = grade id, league_label = its name); the subdivided rank
 * ("B-3") adds where this week's score sits in the grade: 5 near the bottom … 1 near the top.
 */

export interface Grade {
  id: number
  name: string
  /** A week's score below this drops the room one grade (0: it cannot drop). */
  keep: number
  /** A week's score at or above this lifts it one grade; null for the top grade. */
  up: number | null
}

export const GRADES: readonly Grade[] = [
  { id: 1, name: 'E', keep: 0, up: 1_000 },
  { id: 2, name: 'D', keep: 500, up: 4_000 },
  { id: 3, name: 'C', keep: 2_000, up: 15_000 },
  { id: 4, name: 'B', keep: 8_000, up: 50_000 },
  { id: 5, name: 'A', keep: 30_000, up: 150_000 },
  { id: 6, name: 'S', keep: 100_000, up: 400_000 },
  { id: 7, name: 'SS', keep: 300_000, up: null },
]

export const STARTING_GRADE_ID = 1
export const TOP_GRADE_ID = GRADES.length
/** The subdivided rank of a room outside the ladder (SHOWROOM's word). */
export const EXCLUDED_RANK = 'Excluded'

/** The grade with that id (an unknown id is the starting grade). */
export const gradeOf = (id: number): Grade =>
  GRADES.find((g) => g.id === id) ?? (GRADES[0] as Grade)

/** The grade after the week: one up, one down, or the same (see the module's rules). */
export function gradeAfterWeek(gradeId: number, weekScore: number): number {
  const grade = gradeOf(gradeId)
  if (grade.up !== null && weekScore >= grade.up) return grade.id + 1
  if (grade.id > STARTING_GRADE_ID && weekScore < grade.keep) return grade.id - 1
  return grade.id
}

/**
 * The score where the meter ends for a grade: its `up` border, or for the top grade twice its
 * `keep` border (a room there has nowhere to climb; the meter still shows its week).
 */
const meterTop = (grade: Grade) => grade.up ?? grade.keep * 2

/** Where this week's score sits on the grade's meter, 0–100 (100 at the `up` border and above). */
export function meterPosition(gradeId: number, weekScore: number): number {
  const top = meterTop(gradeOf(gradeId))
  if (top <= 0) return 100
  return Math.max(0, Math.min(100, Math.floor((weekScore / top) * 100)))
}

/** The step within the grade, 5 (meter 0–19) … 1 (meter 80–100). */
export const gradeStep = (gradeId: number, weekScore: number): number =>
  5 - Math.min(4, Math.floor(meterPosition(gradeId, weekScore) / 20))

/** "B-3": the grade's name and its step. */
export const subdividedRank = (gradeId: number, weekScore: number): string =>
  `${gradeOf(gradeId).name}-${gradeStep(gradeId, weekScore)}`

/** The subdivided ranks just below and above a room's (neither beyond the ladder's ends: ''). */
export function neighbourRanks(gradeId: number, weekScore: number): { prev: string; next: string } {
  const grade = gradeOf(gradeId)
  const step = gradeStep(gradeId, weekScore)
  const below =
    step < 5 ? `${grade.name}-${step + 1}` : grade.id > 1 ? `${gradeOf(grade.id - 1).name}-1` : ''
  const above =
    step > 1
      ? `${grade.name}-${step - 1}`
      : grade.id < TOP_GRADE_ID
        ? `${gradeOf(grade.id + 1).name}-5`
        : ''
  return { prev: below, next: above }
}

/** The borders a room's week is measured against: drop below `keep`, rise at `up`. */
export function gradeBorders(gradeId: number): Array<{ gradeId: number; score: number }> {
  const grade = gradeOf(gradeId)
  const borders: Array<{ gradeId: number; score: number }> = []
  if (grade.id > STARTING_GRADE_ID) borders.push({ gradeId: grade.id - 1, score: 0 })
  borders.push({ gradeId: grade.id, score: grade.keep })
  if (grade.up !== null) borders.push({ gradeId: grade.id + 1, score: grade.up })
  return borders
}
