import type { EventObject } from 'xstate'

/**
 * A wall clock for machines: a `clock.tick` with the time at once and then every `intervalMs`,
 * until stopped. Machines get it provided (src/compose/app.ts) and never read the time themselves.
 */
export function runClock(
  sendBack: (event: EventObject & { type: 'clock.tick'; nowMs: number }) => void,
  intervalMs: number,
): () => void {
  sendBack({ type: 'clock.tick', nowMs: Date.now() })
  const timer = setInterval(() => sendBack({ type: 'clock.tick', nowMs: Date.now() }), intervalMs)
  return () => clearInterval(timer)
}
