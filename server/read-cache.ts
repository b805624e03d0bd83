/**
 * Reads every visitor shares (the on-air list, a room's live and open vote) kept for a moment,
 * so a busy process answers them without the database. Any state-changing request handled by
 * this process empties it at once; other processes see a change within `ttlMs`.
 */
export class ReadCache {
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>()

  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.until > now) return hit.value as Promise<T>
    const value = load()
    this.entries.set(key, { until: now + this.ttlMs, value })
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key))
    return value
  }

  clear(): void {
    this.entries.clear()
  }
}
