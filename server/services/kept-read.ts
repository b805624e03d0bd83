/**
 * How long a read kept in memory (the genre rankings' score board, an event's board, the badge
 * board) may be answered once it is due for a new read (issue #40): while younger than
 * STALE_FACTOR times its fresh time, the request that finds it due is answered from it while
 * one new read runs; older than that, the request waits for the new read. So the first request
 * after a quiet hour never shows the hour-old copy as the news.
 */
export const STALE_FACTOR = 2

/** Whether a kept read of `ageMs`, fresh for `freshMs`, may still answer while a new read runs. */
export const mayServeStale = (ageMs: number, freshMs: number): boolean =>
  freshMs > 0 && ageMs < STALE_FACTOR * freshMs
