import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** /r/hc's machines with real effects (issue #22), part of the campaign bundle (campaign.ts). */
export function hcMachines(_effects: Effects, _ports: AppPorts) {
  return {}
}
