import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** the /lp/* campaign pages' machines with real effects (issue #22), part of the campaign bundle (campaign.ts). */
export function lpMachines(_effects: Effects, _ports: AppPorts) {
  return {}
}
