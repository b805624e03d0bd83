/** SPEC.md §8: a chunk-load error reloads the page at most once per 10 s per path. */
export const CHUNK_RELOAD_INTERVAL_MS = 10_000

export type ChunkReloads = Readonly<Record<string, number>>

export function mayReloadChunk(reloads: ChunkReloads, path: string, nowMs: number): boolean {
  const last = reloads[path]
  return last === undefined || nowMs - last >= CHUNK_RELOAD_INTERVAL_MS
}

/** Errors browsers raise when a lazily loaded chunk is gone (usually after a new deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  )
}
