import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { RawData, WebSocket } from 'ws'

// What one push socket is and may do: the hub's limits per socket, per address and in all.

/** Keys a socket may follow at once (a viewer follows one room; a tool may follow a few). */
export const MAX_SUBSCRIPTIONS = 20
/** A socket that has not said `SUB` within this long is closed: it follows nothing. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000
/**
 * Commands one socket may send a second: a viewer sends a SUB or two and a PING a minute, a
 * tool at most MAX_SUBSCRIPTIONS SUBs at once. More is a flood, and the socket is closed.
 */
export const MAX_COMMANDS_PER_SECOND = 50
/**
 * Every socket is pinged once in this long and must answer before its next turn (at least half
 * of it later), or it is cut: a viewer whose phone left the network holds nothing for long.
 */
export const HEARTBEAT_MS = 30_000
/** How long a closing socket may take to answer the close before it is cut. */
export const CLOSE_WAIT_MS = 1000

export interface Client {
  socket: WebSocket
  /**
   * The connection the HTTP server handed to its `upgrade` event (Node's public API), the one
   * `ws` reads and writes: the hub writes its ready-made frames to it (see hub.ts).
   */
  raw: Duplex
  /** This socket's unwritten bytes as the process's backlog last counted them. */
  counted: number
  /** Whether it had more than LAGGING_BYTES unwritten at its last heartbeat turn. */
  lagging: boolean
  keys: Set<string>
  /** Whether it answered its last ping (or has had none yet), and when that ping went out. */
  alive: boolean
  pingedAt: number
  /** The caller's address (behind trusted proxies, the forwarded one). */
  address: string
  /** Who is watching: a logged-in user, else the address; one viewer per value. */
  viewer: string
  /** Closes the socket if no SUB comes in time; cleared by the first SUB. */
  subscribeTimer: NodeJS.Timeout | undefined
  /** Commands in the current second, and when that second began. */
  commands: number
  commandsSince: number
}

/** Close codes and reasons a client is told (RFC 6455 §7.4). */
export const CLOSE = {
  tooManyFromAddress: [1013, 'too many connections from this address'],
  serverFull: [1013, 'server is full, try again later'],
  noSubscription: [1008, 'no SUB in time'],
  tooManyCommands: [1008, 'too many commands'],
} as const satisfies Record<string, readonly [number, string]>

export interface HubOptions {
  /** Sockets one address may hold at once. */
  maxPerAddress?: number
  /** Sockets this process holds at once. */
  maxConnections?: number
  /** The caller's address of an upgrade request (trusted proxies applied). */
  addressOf?: (request: IncomingMessage) => string
  /**
   * Whether a page of `origin` may open a socket (`undefined`: no Origin header, a tool rather
   * than a browser page). By default only pages of the origin the request was sent to.
   */
  originAllowed?: (origin: string | undefined, request: IncomingMessage) => boolean
  /** Who is behind a socket (e.g. its session), so one viewer with many sockets counts once. */
  identify?: (request: IncomingMessage) => Promise<string | undefined>
  /** Told when the bus refuses a frame (it is kept and resent). */
  onBusError?: (error: unknown) => void
  /** Told when a push built after a commit fails (the write stands; that push is lost). */
  onPushError?: (what: string, error: unknown) => void
  /** How long a socket may stay without a SUB (SUBSCRIBE_TIMEOUT_MS). */
  subscribeTimeoutMs?: number
  /** How often each socket is pinged (HEARTBEAT_MS). */
  heartbeatMs?: number
  /** Keys followed in this process at once: a SUB that would start one more is ignored. */
  maxRooms?: number
  /** Rooms one address may have started that are still followed (rooms.ts). */
  maxRoomsPerAddress?: number
  /** Unwritten bytes of all sockets together past which the laggards are cut off. */
  maxBacklogBytes?: number
}

/** What a hub does where its options say nothing. */
export const HUB_DEFAULTS: Required<HubOptions> = {
  maxPerAddress: 64,
  maxConnections: 20_000,
  addressOf: (request) => request.socket.remoteAddress ?? 'unknown',
  originAllowed: sameOrigin,
  identify: () => Promise.resolve(undefined),
  onBusError: () => {},
  onPushError: () => {},
  subscribeTimeoutMs: SUBSCRIBE_TIMEOUT_MS,
  heartbeatMs: HEARTBEAT_MS,
  maxRooms: 10_000,
  maxRoomsPerAddress: 64,
  maxBacklogBytes: 64 << 20,
}

/** Same-origin pages and tools without an Origin header. */
export function sameOrigin(origin: string | undefined, request: IncomingMessage): boolean {
  if (origin === undefined) return true
  try {
    return new URL(origin).host === request.headers.host
  } catch {
    return false
  }
}

/** A socket just accepted: following nothing, counted as its address until identified. */
export function newClient(socket: WebSocket, raw: Duplex, address: string): Client {
  return {
    socket,
    raw,
    counted: 0,
    lagging: false,
    keys: new Set(),
    alive: true,
    pingedAt: 0,
    address,
    viewer: `address:${address}`,
    subscribeTimer: undefined,
    commands: 0,
    commandsSince: 0,
  }
}

/**
 * A close with its reason, and the socket cut if the other side has not answered the closing
 * handshake within CLOSE_WAIT_MS: a client that ignores it holds nothing longer.
 */
export function closeSoon(socket: WebSocket, code: number, reason: string): void {
  socket.close(code, reason)
  setTimeout(() => {
    if (socket.readyState !== socket.CLOSED) socket.terminate()
  }, CLOSE_WAIT_MS).unref()
}

/** Why a new socket is refused (its address's or the process's cap), or undefined. */
export function refusalOf(
  fromAddress: number,
  total: number,
  limits: { maxPerAddress: number; maxConnections: number },
): readonly [number, string] | undefined {
  if (fromAddress >= limits.maxPerAddress) return CLOSE.tooManyFromAddress
  if (total >= limits.maxConnections) return CLOSE.serverFull
  return undefined
}

/** Counts one command at `nowMs`; true when the socket is past MAX_COMMANDS_PER_SECOND. */
export function floods(client: Client, nowMs: number): boolean {
  if (nowMs - client.commandsSince >= 1000) {
    client.commandsSince = nowMs
    client.commands = 0
  }
  return ++client.commands > MAX_COMMANDS_PER_SECOND
}

/** A text message's string, however `ws` handed its bytes over. */
export function textOf(data: RawData): string {
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data)
  return bytes.toString('utf8')
}
