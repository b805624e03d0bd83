import { createActor, fromCallback, fromPromise, type InspectionEvent, type Observer } from 'xstate'
import { fetchLatestBuild, watchVisibility } from '../effects/app-update.ts'
import { registerServiceWorker } from '../effects/service-worker.ts'
import { withToaster } from '../effects/toasts.ts'
import { appUpdateMachine } from '../machines/app-update/app-update.machine.ts'

/**
 * Starts app-update polling in this tab (loaded once the first page has settled, see main.tsx):
 * the machine with its real effects — `latest.json`, the page's visibility, the offer as a toast.
 * The service worker registers here too (issue #41): after the page has settled, in builds only.
 */
export function startUpdateWatch(deps: {
  running: string
  translate: (key: string) => string
  reload: () => void
  /** The flow visualizer's observer, where flows are on. */
  inspect?: Observer<InspectionEvent>
}) {
  const logic = appUpdateMachine.provide({
    actors: {
      fetchLatest: fromPromise(fetchLatestBuild),
      visibility: fromCallback(({ sendBack }) => watchVisibility(sendBack)),
    },
    actions: {
      // A toast that stays until the viewer answers it.
      offerReload: ({ self }) =>
        withToaster((toast) =>
          toast(deps.translate('update.available'), {
            duration: Number.POSITIVE_INFINITY,
            position: 'top-center',
            action: {
              label: deps.translate('update.reload'),
              onClick: () => self.send({ type: 'update.reload' }),
            },
            onDismiss: () => self.send({ type: 'update.dismiss' }),
          }),
        ),
      reload: () => deps.reload(),
    },
  })
  registerServiceWorker()
  const actor = createActor(logic, {
    input: { running: deps.running },
    ...(deps.inspect && { inspect: deps.inspect }),
  })
  actor.start()
  return actor
}
