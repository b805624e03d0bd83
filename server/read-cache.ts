/**
 * Reads every visitor shares (the on-air list, a room's live and open vote) kept for a moment,
 * so a busy process answers them without the database. Any state-changing request handled by
 * this process empties it at once; other processes see a change within `ttlMs`.
 */
export class ReadCache {
  /** In least-recently-used order: a Map iterates in insertion order, and a hit re-inserts. */
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>()

  /**
   * `maxEntries` bounds memory whatever keys callers make up (a key may hold any room id): past
   * it the least recently used entry goes.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get size(): number {
    return this.entries.size
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.until > now) {
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.value as Promise<T>
    }
    const value = load()
    this.entries.delete(key)
    this.entries.set(key, { until: now + this.ttlMs, value })
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    // A failed load is not kept.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}
