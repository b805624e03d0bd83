import { useRouter } from '@tanstack/react-router'
import { useEffect, useState, type ComponentType } from 'react'
import type { SiteDialogMachines } from '../../compose/site-dialog.ts'
import { loaded as moduleOf } from '../../lazy-once.ts'
import { whenIdle } from '../use-module.ts'

type Host = ComponentType<{ logic: SiteDialogMachines['siteDialog'] }>

/**
 * Where the site dialogs appear, in the app shell. Their machine and view load once the first
 * page has settled and the browser is idle, so none of their code is in a page's first load.
 */
export function SiteDialogSlot() {
  const { siteDialog } = useRouter().options.context
  const [loaded, setLoaded] = useState<{ Host: Host; logic: SiteDialogMachines['siteDialog'] }>()
  useEffect(() => {
    let mounted = true
    const cancel = whenIdle(() => {
      Promise.all([siteDialog(), import('./SiteDialogHost.tsx').then(moduleOf)]).then(
        ([machines, view]) =>
          mounted && setLoaded({ Host: view.SiteDialogHost, logic: machines.siteDialog }),
        // A lost chunk leaves the dialogs off, never the page.
        () => {},
      )
    })
    return () => {
      mounted = false
      cancel()
    }
  }, [siteDialog])
  return loaded ? <loaded.Host logic={loaded.logic} /> : null
}
