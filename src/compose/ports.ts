import type { Notice } from '../domain/api-failure.ts'

/**
 * What the lazily composed machines (room, lotteries, shop, account pages) need of the app: who
 * is logged in, toasts, the login modal, the header's gold, a session reload.
 */
export interface AppPorts {
  isLoggedIn: () => boolean
  notify: (notice: Notice) => void
  reportError: (error: unknown) => void
  requireLogin: () => void
  walletChanged: (_: unknown, wallet: { gold: number; expiringGold: number }) => void
  /** Loads the current user again (a purchase added gold). */
  refreshSession: () => void
}
