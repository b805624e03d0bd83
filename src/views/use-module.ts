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
      (module) => mounted && setLoaded({ module }),
      () => {},
    )
    return () => {
      mounted = false
    }
  }, [load, wanted, loaded])
  return loaded?.module ?? null
}

/** Runs `task` once the browser is idle (or after a moment where it cannot tell). */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 1500)
  return () => clearTimeout(timer)
}
