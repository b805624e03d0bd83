import { fromCallback, fromPromise } from 'xstate'
import { getCampaign, getCampaignRanking, getCampaignThemes } from '../effects/api/campaign.ts'
import { runClock } from '../effects/clock.ts'
import { campaignMachine } from '../machines/campaign/campaign.machine.ts'
import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** the /lp/* campaign pages' machines with real effects (issue #22), part of the campaign bundle (campaign.ts). */
export function lpMachines(effects: Effects, ports: AppPorts) {
  return {
    campaign: campaignMachine.provide({
      actors: {
        loadCampaign: fromPromise(({ input }) => getCampaign(effects.api, input.path)),
        loadRanking: fromPromise(({ input }) => getCampaignRanking(effects.api, input.campaignId)),
        loadThemes: fromPromise(() => getCampaignThemes(effects.api)),
        clock: fromCallback(({ sendBack, input }) => runClock(sendBack, input.intervalMs)),
      },
      actions: { reportError: (_, { error }) => ports.reportError(error) },
    }),
  }
}
