import type { Effects } from './effects.ts'
import type { AppPorts } from './ports.ts'

/** the virtual livers' corner's (/virtual_liver, /events, /ranking) machines with real effects (issue #22), part of the campaign bundle (campaign.ts). */
export function virtualMachines(_effects: Effects, _ports: AppPorts) {
  return {}
}
