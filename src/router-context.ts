import type { InspectionEvent, Observer } from 'xstate'
import type { onlivesMachine } from './machines/onlives/onlives.machine.ts'
import type { AccountMachines } from './compose/account.ts'
import type { ShopMachines } from './compose/shop.ts'
import type { RoomMachines } from './compose/room.ts'
import type { LotteryMachines } from './compose/lottery.ts'
import type { EventMachines } from './compose/event.ts'
import type { CampaignMachines } from './compose/campaign.ts'
import type { SearchMachines } from './compose/search.ts'
import type { SiteDialogMachines } from './compose/site-dialog.ts'
import type { ApiClient } from './effects/api/client.ts'
import type { Locale } from './domain/locale.ts'
import type { AppActor } from './views/app-context.tsx'
import type { AuthPort } from './auth-port.ts'
import type { LayoutKind } from './views/layouts/SiteLayout.tsx'

/** What every route can reach: the app actor, the effects, and machines with effects provided. */
export interface RouterContext {
  app: AppActor
  /** The auth actor, loaded when first needed (src/auth-port.ts). */
  auth: AuthPort
  api: ApiClient
  /** A page that failed to render: its error goes to the error-reporting service. */
  reportCrash: (error: unknown) => void
  nowMs: () => number
  loadMessages: (locale: Locale) => Promise<void>
  /** Runs the app machine's checks for a navigation and resolves with where to go instead. */
  guardNavigation: (path: string) => Promise<{ redirectTo: string | null }>
  /** /mypage's and the password reset's machines, loaded with the first of those pages. */
  account: () => Promise<AccountMachines>
  /** The shop's machines, loaded with the first shop page. */
  shop: () => Promise<ShopMachines>
  /** The room's machines (room, owner), loaded with the first room page. */
  room: () => Promise<RoomMachines>
  /** The event pages' machine, loaded with the first event page. */
  event: () => Promise<EventMachines>
  /** The campaign pages', the virtual livers' and /r/hc's machines (issue #22), with the first of those pages. */
  campaign: () => Promise<CampaignMachines>
  /** The header's search box and the results page's machines, loaded when first needed. */
  search: () => Promise<SearchMachines>
  /** The site dialogs' machine, loaded once the first page has settled (src/views/site-dialog). */
  siteDialog: () => Promise<SiteDialogMachines>
  /** The gacha, ad-watch and flow visualizer machines, loaded with their first page. */
  lottery: () => Promise<LotteryMachines>
  /** Given to every actor the views create, for the flow visualizer. */
  inspect: Observer<InspectionEvent> | undefined
  machines: {
    onlives: typeof onlivesMachine
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which layout wraps the page; 'default' when absent. */
    layout?: LayoutKind
  }
}
