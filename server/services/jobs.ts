import type { Logger } from '../env.ts'

export interface Job {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

/**
 * Runs `run` now and every `intervalMs` (0: never), one run at a time; a failed run is logged
 * and the next one comes as usual. Jobs are idempotent, so every process may run them.
 */
export function startJob(options: {
  name: string
  intervalMs: number
  logger: Logger
  run: () => Promise<void>
  /** Run at once as well (the default), or first after one interval. */
  now?: boolean
}): Job {
  const { name, intervalMs, logger, run } = options
  if (!(intervalMs > 0)) return { stop: async () => {} }
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= run()
      .catch((error: unknown) => logger.error(`${name} failed`, { error: String(error) }))
      .finally(() => {
        running = undefined
      })
  }
  if (options.now !== false) tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
