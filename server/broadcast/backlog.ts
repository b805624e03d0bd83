import type { Client } from './sockets.ts'

/**
 * A socket's unwritten bytes past which it is not keeping up: it is sent no more replies to its
 * PINGs nor heartbeat pings, only its rooms' frames. (The kernel holds several MB of a loopback
 * or LAN socket before any byte waits here: a viewer who reads at all never comes near this.)
 */
export const LAGGING_BYTES = 64 << 10
/** A socket whose unwritten bytes keep growing past this is dropped, not waited for. */
export const MAX_BUFFERED_BYTES = 256 << 10

/**
 * The process's backlog: every socket's unwritten bytes (its stream's public `writableLength`),
 * as last counted at a write to it or at a recount since, kept as a sum so that a write costs
 * no walk over the sockets. Only sockets that had bytes waiting are recounted.
 */
export class Backlog {
  private sum = 0
  private readonly waiting = new Set<Client>()

  /** `budget`: the unwritten bytes of all sockets together past which laggards are cut. */
  constructor(private readonly budget: number) {}

  get bytes(): number {
    return this.sum
  }

  /** Counts `client` again (after a write); answers its unwritten bytes. */
  count(client: Client): number {
    const backlog = client.raw.writableLength
    if (backlog !== client.counted) {
      this.sum += backlog - client.counted
      client.counted = backlog
      this.waiting.add(client)
    }
    return backlog
  }

  /** Counts again the sockets that had unwritten bytes: those that wrote them out leave the set. */
  recount(): void {
    for (const client of this.waiting) {
      if (this.count(client) === 0) this.waiting.delete(client)
    }
  }

  /**
   * Whether a socket with `backlog` unwritten, `added` more to come, is too far behind: past
   * MAX_BUFFERED_BYTES, or a laggard (past LAGGING_BYTES) while the process is past its budget.
   * Only laggards pay for the budget: a viewer with a moment's backlog is never cut for others'.
   */
  tooFar(backlog: number, added = 0): 'backlog' | 'budget' | null {
    if (backlog + added > MAX_BUFFERED_BYTES) return 'backlog'
    return backlog + added > LAGGING_BYTES && this.sum + added > this.budget ? 'budget' : null
  }

  /** A socket gone: its bytes no longer count. */
  forget(client: Client): void {
    if (this.waiting.delete(client)) this.sum -= client.counted
    client.counted = 0
  }
}
