import { fromPromise } from 'xstate'
import {
  getSiteDialog,
  markSiteDialogSeen,
  readClosedDialogs,
  rememberClosedDialog,
} from '../effects/api/site-dialog.ts'
import { siteDialogMachine } from '../machines/site-dialog/site-dialog.machine.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/**
 * The site dialog's machine with real effects, loaded once the first page has settled (never in
 * the first page's code). A logged-in user's close is told to the server; an anonymous visitor's
 * is kept in the tab's session, and a dialog closed there is not offered again in it.
 */
export function siteDialogMachines(effects: Effects, ports: Pick<AppPorts, 'isLoggedIn'>) {
  return {
    siteDialog: siteDialogMachine.provide({
      actors: {
        loadDialog: fromPromise(async ({ input }) => {
          const answer = await getSiteDialog(effects.api, input.path, input.locale)
          const closed = readClosedDialogs(effects.sessionStore)
          return answer.dialog && closed.includes(answer.dialog.dialog_id)
            ? { dialog: null }
            : answer
        }),
      },
      actions: {
        remember: (_, { dialogId }) => {
          if (!ports.isLoggedIn()) return rememberClosedDialog(effects.sessionStore, dialogId)
          // A lost call only means the dialog may be offered again on a later visit.
          markSiteDialogSeen(effects.api, dialogId).catch(() => {})
        },
      },
    }),
  }
}

export type SiteDialogMachines = ReturnType<typeof siteDialogMachines>
