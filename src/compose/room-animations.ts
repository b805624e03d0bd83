import { fromPromise } from 'xstate'
import { getAnimations } from '../effects/api/site-dialog.ts'
import { animationsMachine } from '../machines/animations/animations.machine.ts'
import type { Effects } from './effects.ts'

/**
 * The room's animation catalogue with real effects (issue #22), spread into roomMachines. A
 * catalogue that cannot be loaded is recorded for the operators, never shown to the viewer.
 */
export function roomAnimationMachines(effects: Effects) {
  return {
    animations: animationsMachine.provide({
      actors: { loadAnimations: fromPromise(() => getAnimations(effects.api)) },
      actions: { reportError: (_, { error }) => effects.errors.capture(error) },
    }),
  }
}

export type RoomAnimationMachines = ReturnType<typeof roomAnimationMachines>
