import { randomUUID } from 'node:crypto'
import { busFramesDropped } from '../services/observability/metrics.ts'
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

/**
 * What a push key is: a room's `bcsvr_key`, `event:{id}`, an owner's key. One rule for the
 * socket's `SUB` and for frames off the bus, so that neither takes what the other would not.
 */
export const PUSH_KEY = /^[\w:-]{1,64}$/
export const isPushKey = (key: string): boolean => PUSH_KEY.test(key)

/**
 * The largest frame the bus carries, in bytes. The site's own frames are a few hundred bytes (a
 * comment is at most a few dozen characters, a vote's results a handful of numbers); a frame is
 * written to every socket following its key, and a socket is held to a small backlog (64 KiB) of
 * unread bytes, so one frame must be a small share of that: 16 KiB is still 30 times the largest
 * the site sends.
 */
export const MAX_BUS_FRAME_BYTES = 16 * 1024

export type FrameRefusal = 'bad_key' | 'oversize' | 'malformed'

/**
 * Why a frame may not be delivered, or null when it may. A frame is `MSG\t<key>\t<json>`, built
 * by the hub for its own key: one that names another key would reach that key's followers with
 * what was not meant for them. On the way out only the key and the size are checked: the hub
 * built the frame, and the form is checked where it counts, on the way in.
 */
export function refusalOf(
  stage: 'publish' | 'receive',
  key: string,
  frame: string,
): FrameRefusal | null {
  if (!isPushKey(key)) return 'bad_key'
  // A UTF-16 unit is 1 to 3 bytes in UTF-8: count bytes only when the length leaves a doubt.
  if (
    frame.length > MAX_BUS_FRAME_BYTES ||
    (frame.length * 3 > MAX_BUS_FRAME_BYTES && Buffer.byteLength(frame) > MAX_BUS_FRAME_BYTES)
  ) {
    return 'oversize'
  }
  if (stage === 'receive' && !frame.startsWith(`MSG\t${key}\t`)) return 'malformed'
  return null
}

/** Whether a frame may go on; one that may not is counted (push_bus_frames_dropped_total). */
export function admit(stage: 'publish' | 'receive', key: string, frame: string): boolean {
  const refusal = refusalOf(stage, key, frame)
  if (refusal === null) return true
  busFramesDropped.inc({ stage, reason: refusal })
  return false
}

/**
 * `bus` with every frame it receives checked before any handler (the hub's deliver) sees it:
 * whatever reaches the bus — another process, or anyone who can write to Redis or NATS — a
 * frame goes to viewers only if it is one the site could have sent.
 */
export function guarded(bus: Bus): Bus {
  const ping = bus.ping?.bind(bus)
  return {
    publish: (key, frame, id) => bus.publish(key, frame, id),
    onMessage: (handler) =>
      bus.onMessage((key, frame) => {
        if (admit('receive', key, frame)) handler(key, frame)
      }),
    close: () => bus.close(),
    ...(ping && { ping }),
  }
}

export function inProcessBus(): Bus {
  const handlers: Array<(key: string, frame: string) => void> = []
  return guarded({
    publish: (key, frame) => {
      for (const handler of handlers) handler(key, frame)
    },
    onMessage: (handler) => void handlers.push(handler),
    close: () => Promise.resolve(),
  })
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
    // Every receiver would drop it; sent, a frame past the bus's own limit would be refused and
    // resent for ever, holding back every frame behind it.
    if (!admit('publish', key, frame)) return
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
