import type { PushHub } from './broadcast/hub.ts'
import type { ServerConfig } from './config.ts'
import type { Db } from './db/index.ts'
import type { ReadCache } from './read-cache.ts'
import type { MessageProvider } from './services/message-provider.ts'
import type { PaymentProvider } from './services/payment-provider.ts'
import type { Session } from './services/session-record.ts'

// What every route and service may know of the app: its logger and the per-request variables.
// Kept apart from app.ts (which imports every route) so that nothing imports the app to type itself.

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

/** A request's body, form or JSON, as request.ts readBody caches it. */
export type Body = Record<string, unknown>

export interface AppEnv {
  Variables: {
    db: Db
    config: ServerConfig
    logger: Logger
    messages: MessageProvider
    hub: PushHub
    cache: ReadCache
    /** Who takes payments (PAYMENT_PROVIDER); null when payments are off. */
    payments: PaymentProvider | null
    /** Set by requireCsrf on state-changing calls. */
    session: Session | null
    /** The parsed body, cached by readBody. */
    body: Body | undefined
    /** The origin absolute URLs are written with (see caller.ts publicOrigin). */
    origin: string
    /** CSP sources of the page's own inline scripts (room-page.ts); unset for none. */
    scriptHashes: readonly string[] | undefined
  }
}
