import { fromCallback, fromPromise } from 'xstate'
import type { Effects } from './effects.ts'
import {
  completeAdWatch,
  drawGacha,
  getAdWatch,
  loadGachaPage,
  rewardAdWatch,
  startAdWatch,
} from '../effects/api/gacha.ts'
import { listenToFlows } from '../effects/inspector.ts'
import { adWatchMachine } from '../machines/ad-watch/ad-watch.machine.ts'
import { flowsMachine } from '../machines/flows/flows.machine.ts'
import { gachaMachine } from '../machines/gacha/gacha.machine.ts'
import type { AppPorts } from './ports.ts'

/**
 * The gacha and ad-reward machines and the flow visualizer's, with real effects. Loaded with the
 * first lottery or /dev/flows page (src/compose/app.ts), not with the site.
 */
export function lotteryAndFlows(effects: Effects, ports: AppPorts) {
  return {
    flows: flowsMachine.provide({
      actors: {
        // ELK and the machine registry load only when /dev/flows draws.
        layout: fromPromise(async ({ input }) => {
          const [{ layoutChart }, { chartOf }, { MACHINES }] = await Promise.all([
            import('../effects/flow-layout.ts'),
            import('../domain/chart.ts'),
            import('../machines/registry.ts'),
          ])
          const entry = MACHINES.find((m) => m.machine.id === input.machineId)
          if (!entry) throw new Error(`no machine ${input.machineId}`)
          return layoutChart(chartOf(entry.machine))
        }),
        listen: fromCallback(({ sendBack, input }) =>
          listenToFlows((message) => sendBack({ type: 'flows.message', message }), input.helloMs),
        ),
      },
    }),
    gacha: gachaMachine.provide({
      actors: {
        loadGacha: fromPromise(({ input }) =>
          loadGachaPage(effects.api, input.gachaId, ports.isLoggedIn()),
        ),
        draw: fromPromise(({ input }) => drawGacha(effects.api, input.gachaId, input.count)),
        startWatch: fromPromise(({ input }) => startAdWatch(effects.api, input.gachaId)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
        requireLogin: ports.requireLogin,
        walletChanged: ports.walletChanged,
        goToWatch: (_, { watchId }) =>
          effects.navigate(`/lottery/ad_reward/${encodeURIComponent(watchId)}/watch`),
      },
    }),
    adWatch: adWatchMachine.provide({
      actors: {
        loadWatch: fromPromise(({ input }) => getAdWatch(effects.api, input.watchId)),
        completeWatch: fromPromise(({ input }) => completeAdWatch(effects.api, input.watchId)),
        reward: fromPromise(({ input }) => rewardAdWatch(effects.api, input.watchId)),
      },
      actions: {
        notify: (_, notice) => ports.notify(notice),
        reportError: (_, { error }) => ports.reportError(error),
        walletChanged: ports.walletChanged,
      },
    }),
  }
}

export type LotteryMachines = ReturnType<typeof lotteryAndFlows>
