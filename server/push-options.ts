import type { IncomingMessage } from 'node:http'
import type { Logger } from './env.ts'
import { sameOrigin, type HubOptions } from './broadcast/sockets.ts'
import { clientAddressOf } from './client-address.ts'
import type { ServerConfig } from './config.ts'
import type { Db } from './db/index.ts'
import { LEGACY_SESSION_COOKIE, SESSION_COOKIE } from './services/sessions.ts'

/** The session id a browser's upgrade request carries in its cookie, if well-formed. */
function sessionCookie(request: IncomingMessage): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    const ours = name === SESSION_COOKIE || name === LEGACY_SESSION_COOKIE
    if (ours && value && /^[\w-]{20,64}$/.test(value)) return value
  }
  return undefined
}

/**
 * The push hub's limits and checks from the configuration: caps per address and in all, the
 * addresses as the HTTP side sees them, the Origin allow-list, and viewers told apart by session.
 */
export function pushOptions(config: ServerConfig, db: Db, logger: Logger): HubOptions {
  let lastBusError = 0
  const allowed = new Set([config.publicOrigin, ...config.pushOrigins].filter(Boolean))
  return {
    maxPerAddress: config.pushMaxPerAddress,
    maxConnections: config.pushMaxConnections,
    addressOf: (request) => clientAddressOf(request, config),
    originAllowed: (origin, request) => {
      // A tool, not a page: nothing of a visitor's can be borrowed through it.
      if (origin === undefined || allowed.has(origin)) return true
      // The demo without PUBLIC_ORIGIN: pages of the host the socket was asked on.
      return config.publicOrigin === undefined && sameOrigin(origin, request)
    },
    // A logged-in viewer is their user, however many tabs or sessions they have; anyone else is
    // their address (sessions cost nothing to make, so they count for nothing here).
    identify: async (request) => {
      const id = sessionCookie(request)
      if (!id) return undefined
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', id)
        .where('expires_at', '>', new Date())
        .where('user_id', 'is not', null)
        .executeTakeFirst()
      return row?.user_id == null ? undefined : `user:${row.user_id}`
    },
    onBusError: (error) => {
      // Once in a while, not once per frame while the bus is down.
      const now = Date.now()
      if (now - lastBusError < 10_000) return
      lastBusError = now
      logger.error('bus refused frames; they are kept and sent again', { error: String(error) })
    },
    onPushError: (what, error) =>
      logger.error('a push after a commit failed', { what, error: String(error) }),
  }
}
