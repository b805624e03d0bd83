/**
 * `load` run once and its promise kept for every later call; a failed load is forgotten, so the
 * next call tries again. (A lost chunk's import fails, or, once main.tsx has handled Vite's
 * preload error, resolves to undefined; reading the module then fails, and is forgotten too.)
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined
  return () =>
    (kept ??= load().catch((error: unknown) => {
      kept = undefined
      throw error
    }))
}

/** The module an `import()` gave, or a failure when it gave nothing (see `once`). */
export function loaded<M>(module: M | undefined): M {
  if (module === undefined) throw new Error('a chunk of the app failed to load')
  return module
}
