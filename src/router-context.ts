import type { roomMachine } from './machines/room/room.machine.ts'
import type { gachaMachine } from './machines/gacha/gacha.machine.ts'
import type { flowsMachine } from './machines/flows/flows.machine.ts'
import type { InspectionEvent, Observer } from 'xstate'
import type { adWatchMachine } from './machines/ad-watch/ad-watch.machine.ts'
import type { ownerMachine } from './machines/owner/owner.machine.ts'
import type { onlivesMachine } from './machines/onlives/onlives.machine.ts'
import type { mypageMachine } from './machines/mypage/mypage.machine.ts'
import type { passwordResetMachine } from './machines/password-reset/password-reset.machine.ts'
import type { ShopMachines } from './compose-shop.ts'
import type { ApiClient } from './effects/api/client.ts'
import type { Locale } from './domain/locale.ts'
import type { AppActor, AuthActor } from './views/app-context.tsx'

/** What every route can reach: the app actor, the effects, and machines with effects provided. */
export interface RouterContext {
  app: AppActor
  auth: AuthActor
  api: ApiClient
  nowMs: () => number
  loadMessages: (locale: Locale) => Promise<void>
  /** Runs the app machine's checks for a navigation and resolves with where to go instead. */
  guardNavigation: (path: string) => Promise<{ redirectTo: string | null }>
  /** The shop's machines, loaded with the first shop page. */
  shop: () => Promise<ShopMachines>
  /** Given to every actor the views create, for the flow visualizer. */
  inspect: Observer<InspectionEvent> | undefined
  machines: {
    flows: typeof flowsMachine
    gacha: typeof gachaMachine
    adWatch: typeof adWatchMachine
    onlives: typeof onlivesMachine
    owner: typeof ownerMachine
    mypage: typeof mypageMachine
    passwordReset: typeof passwordResetMachine
    room: typeof roomMachine
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which layout wraps the page; 'default' when absent. */
    layout?: 'default' | 'room' | 'lite'
  }
}
