import type { Logger } from '../env.ts'
import { jobRuns } from './observability/metrics.ts'

export interface Job {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>
}

type FailureListener = (job: string, error: unknown) => void
const failureListeners = new Set<FailureListener>()

/**
 * Calls `listener` with every failed job run (startServer reports them as server errors) until
 * the returned function is called. Jobs are started deep in their services; this spares each of
 * them a reporter parameter.
 */
export function onJobFailure(listener: FailureListener): () => void {
  failureListeners.add(listener)
  return () => void failureListeners.delete(listener)
}

/**
 * Runs `run` now and every `intervalMs` (0: never), one run at a time; a failed run is logged
 * and reported, and the next one comes as usual. Jobs are idempotent, so every process may run
 * them.
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
      .then(
        () => jobRuns.inc({ job: name, outcome: 'ok' }),
        (error: unknown) => {
          jobRuns.inc({ job: name, outcome: 'failed' })
          logger.error(`${name} failed`, { error: String(error) })
          for (const listener of failureListeners) listener(name, error)
        },
      )
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
