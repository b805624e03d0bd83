/** The ticks a heartbeat period is cut into: each visits its share of the sockets. */
const HEARTBEAT_TICKS = 30

/**
 * Visits every socket once a period, spread over the period's ticks, a share each: a process
 * with thousands of sockets never stops its fan-out to visit them all at once. Each tick also
 * runs `everyTick` first.
 */
export class Heartbeat<T> {
  private readonly timer: NodeJS.Timeout
  /** The tick count, the sockets of this round not yet visited, and how many a tick. */
  private ticks = 0
  private round: Iterator<T> | null = null
  private perTick = 0

  constructor(
    private readonly all: Set<T>,
    periodMs: number,
    private readonly visit: (item: T, now: number) => void,
    private readonly everyTick: () => void,
  ) {
    this.timer = setInterval(() => this.tick(), periodMs / HEARTBEAT_TICKS).unref()
  }

  stop(): void {
    clearInterval(this.timer)
  }

  private tick(): void {
    this.everyTick()
    if (this.ticks++ % HEARTBEAT_TICKS === 0) {
      this.round = this.all.values()
      this.perTick = Math.ceil(this.all.size / HEARTBEAT_TICKS)
    }
    const now = performance.now()
    for (let visited = 0; this.round && visited < this.perTick; visited++) {
      const next = this.round.next()
      if (next.done) this.round = null
      else this.visit(next.value, now)
    }
  }
}
