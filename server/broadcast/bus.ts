/**
 * Carries published messages between processes; the in-process bus serves one process. A
 * publish the bus cannot take throws or rejects; the outbox keeps it and sends it again.
 */
export interface Bus {
  publish(key: string, frame: string): void | Promise<void>
  onMessage(handler: (key: string, frame: string) => void): void
  close(): Promise<void>
  /** A round trip to the bus's server, for /readyz; absent in-process (nothing to reach). */
  ping?(): Promise<void>
}

export function inProcessBus(): Bus {
  const handlers: Array<(key: string, frame: string) => void> = []
  return {
    publish: (key, frame) => {
      for (const handler of handlers) handler(key, frame)
    },
    onMessage: (handler) => void handlers.push(handler),
    close: () => Promise.resolve(),
  }
}

/** Frames kept while the bus refuses them, resent in order once it takes them again. */
export const MAX_BUS_BACKLOG = 10_000
const BUS_RETRY_MS = 1000

/**
 * What goes to the bus. Sending never throws: what the bus refuses is kept (the newest
 * MAX_BUS_BACKLOG) and sent again in order every BUS_RETRY_MS, since the write that made it has
 * committed and its caller must get its answer.
 */
export class BusOutbox {
  private backlog: Array<[string, string]> = []
  private retryTimer: NodeJS.Timeout | undefined
  private stopped = false

  constructor(
    private readonly bus: Bus,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Frames waiting for the bus. */
  get size(): number {
    return this.backlog.length
  }

  send(key: string, frame: string): void {
    // Behind older refused frames: keep the order.
    if (this.backlog.length > 0) return this.keep(key, frame)
    try {
      const sent = this.bus.publish(key, frame)
      if (sent) sent.catch((error: unknown) => this.refused(key, frame, error))
    } catch (error) {
      this.refused(key, frame, error)
    }
  }

  /** One last try for what is kept, then no more retries. */
  stop(): void {
    clearTimeout(this.retryTimer)
    this.drain()
    this.stopped = true
  }

  private refused(key: string, frame: string, error: unknown): void {
    this.onError(error)
    this.keep(key, frame)
  }

  private keep(key: string, frame: string): void {
    // Bounded: past the limit the oldest go (a viewer's missed comment, not the server's memory).
    if (this.backlog.length >= MAX_BUS_BACKLOG) this.backlog.shift()
    this.backlog.push([key, frame])
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    if (this.stopped) return
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined
      this.drain()
      if (this.backlog.length > 0) this.scheduleRetry()
    }, BUS_RETRY_MS).unref()
  }

  private drain(): void {
    for (let next = this.backlog[0]; next; next = this.backlog[0]) {
      const [key, frame] = next
      try {
        const sent = this.bus.publish(key, frame)
        if (sent) sent.catch((error: unknown) => this.refused(key, frame, error))
      } catch (error) {
        this.onError(error)
        return
      }
      this.backlog.shift()
    }
  }
}
