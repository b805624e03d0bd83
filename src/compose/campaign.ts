import type { Effects } from './effects.ts'
import { hcMachines } from './hc.ts'
import { lpMachines } from './lp.ts'
import type { AppPorts } from './ports.ts'
import { virtualMachines } from './virtual.ts'

/**
 * The campaign pages' (/lp/*), the virtual livers' corner's and /r/hc's machines with real
 * effects (issue #22): loaded with the first of those pages (src/compose/app.ts).
 */
export function campaignMachines(effects: Effects, ports: AppPorts) {
  return {
    ...lpMachines(effects, ports),
    ...virtualMachines(effects, ports),
    ...hcMachines(effects, ports),
  }
}

export type CampaignMachines = ReturnType<typeof campaignMachines>
