/**
 * Fan level in a room: one level per FAN_LEVEL_STEP points sent there, from level 1, up to 100.
 * Active-fan levels 1–4 (the titles of SPEC §4) at the points below.
 */
export const FAN_LEVEL_STEP = 100
export const MAX_FAN_LEVEL = 100
export const ACTIVE_FAN_THRESHOLDS = [50, 300, 1500, 5000] as const

export function fanLevel(points: number): number {
  return Math.min(MAX_FAN_LEVEL, 1 + Math.floor(points / FAN_LEVEL_STEP))
}

export function activeFanLevel(points: number): number {
  return ACTIVE_FAN_THRESHOLDS.filter((t) => points >= t).length
}

/**
 * Where `points` stand on the fan levels: the level, the next one and the points it starts at
 * (both 0 at the top level, where there is none).
 */
export function fanProgress(points: number) {
  const level = fanLevel(points)
  const top = level === MAX_FAN_LEVEL
  return {
    fan_level: level,
    next_fan_level: top ? 0 : level + 1,
    current_level_point: points,
    next_level_point: top ? 0 : level * FAN_LEVEL_STEP,
  }
}
