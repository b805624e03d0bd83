import { useEffect, useState } from 'react'

/**
 * The module `load` gives, loaded the first time `wanted` is true (and kept after): null until
 * then, and null if it fails to load, so a missing chunk leaves a part of the page off, never the
 * page. `load` must be the same function every render (a module-level `() => import(…)`).
 */
export function useModule<M>(load: () => Promise<M>, wanted: boolean): M | null {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null)
  useEffect(() => {
    if (!wanted || loaded) return
    let mounted = true
    load().then(
      // An import Vite resolved to nothing (a lost chunk, see main.tsx) is no module.
      (module: M | undefined) => mounted && module !== undefined && setLoaded({ module }),
      () => {},
    )
    return () => {
      mounted = false
    }
  }, [load, wanted, loaded])
  return loaded?.module ?? null
}

/**
 * The first page's own work (a room's calls, its video) comes first: code that may be wanted
 * later is fetched only this long after the page opened, when the browser is idle.
 */
export const SETTLE_MS = 2000

/** Runs `task` once the page has settled and the browser is idle; the returned function cancels. */
export function whenIdle(task: () => void): () => void {
  let idle: number | undefined
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') {
      idle = requestIdleCallback(task, { timeout: 3000 })
    } else task()
  }, SETTLE_MS)
  return () => {
    clearTimeout(timer)
    if (idle !== undefined) cancelIdleCallback(idle)
  }
}
