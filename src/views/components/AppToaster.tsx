import { useEffect, useSyncExternalStore } from 'react'
import { loadSonner, onToasterWanted, toasterWanted, wantToaster } from '../../effects/toasts.ts'
import { useModule, whenIdle } from '../use-module.ts'

const loadToaster = () => import('./SonnerToaster.tsx')

/**
 * The toaster, mounted once a notice is raised or the page has gone idle: its code is not part
 * of the first page's (see effects/toasts.ts).
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, toasterWanted)
  useEffect(
    () =>
      wanted
        ? undefined
        : whenIdle(() => {
            wantToaster()
            void loadSonner().catch(() => {})
          }),
    [wanted],
  )
  const Toaster = useModule(loadToaster, wanted)?.default
  return Toaster ? <Toaster /> : null
}
