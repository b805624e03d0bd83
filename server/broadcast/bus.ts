import { randomUUID } from 'node:crypto'
/**
 * Carries published messages between processes; the in-process bus serves one process. A
 * publish the bus cannot take throws or rejects; the outbox keeps it and sends it again, with the
 * same `id`, which a bus that can (NATS JetStream) uses to store a frame sent twice only once.
 */
export interface Bus {
  publish(key: string, frame: string, id: string): void | Promise<void>
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

interface OutFrame {
  key: string
  frame: string
  id: string
}

/**
 * What goes to the bus. Sending never throws: what the bus refuses is kept (the newest
 * MAX_BUS_BACKLOG) and sent again in order every BUS_RETRY_MS, since the write that made it has
 * committed and its caller must get its answer. A refusal that comes late (an acknowledgement
 * that never came) takes every frame sent after it back too, so the order holds; those the bus
 * had stored already are recognised by their id.
 */
export class BusOutbox {
  private backlog: OutFrame[] = []
  /** Sent, not yet acknowledged (buses that acknowledge), oldest first. */
  private unacked: OutFrame[] = []
  private retryTimer: NodeJS.Timeout | undefined
  private stopped = false
  private counter = 0
  private readonly prefix = randomUUID()

  constructor(
    private readonly bus: Bus,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Frames waiting for the bus. */
  get size(): number {
    return this.backlog.length
  }

  send(key: string, frame: string): void {
    const out = { key, frame, id: `${this.prefix}.${this.counter++}` }
    // Behind older refused frames: keep the order.
    if (this.backlog.length > 0) return this.keep([out])
    this.publish(out)
  }

  /** One last try for what is kept, then no more retries. */
  stop(): void {
    clearTimeout(this.retryTimer)
    this.drain()
    this.stopped = true
  }

  /** Sends one frame; false when the bus refused it at once (it is kept). */
  private publish(out: OutFrame): boolean {
    let sent: void | Promise<void>
    try {
      sent = this.bus.publish(out.key, out.frame, out.id)
    } catch (error) {
      this.onError(error)
      this.keep([out])
      return false
    }
    if (!sent) return true
    this.unacked.push(out)
    sent.then(
      () => {
        const at = this.unacked.indexOf(out)
        if (at >= 0) this.unacked.splice(at, 1)
      },
      (error: unknown) => {
        const at = this.unacked.indexOf(out)
        // Already taken back by an earlier frame's refusal.
        if (at < 0) return
        this.onError(error)
        const back = this.unacked.splice(at)
        this.backlog = [...back, ...this.backlog]
        this.trim()
        this.scheduleRetry()
      },
    )
    return true
  }

  private keep(frames: OutFrame[]): void {
    this.backlog.push(...frames)
    this.trim()
    this.scheduleRetry()
  }

  /** Bounded: past the limit the oldest go (a viewer's missed comment, not the server's memory). */
  private trim(): void {
    if (this.backlog.length > MAX_BUS_BACKLOG) {
      this.backlog.splice(0, this.backlog.length - MAX_BUS_BACKLOG)
    }
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
    // Frames still in flight go first: one of them may yet be refused and come back to the front.
    if (this.unacked.length > 0) return
    while (this.backlog.length > 0) {
      const next = this.backlog.shift()
      if (!next) return
      if (!this.publish(next)) {
        // publish kept it at the end: put it back in front of the rest.
        this.backlog.pop()
        this.backlog.unshift(next)
        return
      }
    }
  }
}
