import type { IncomingMessage, Server } from 'node:http'
import { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { buildFrame, type FrameFields, type FrameType } from '../../src/contract/push.ts'

/** A socket that buffers more than this is too slow to keep up: it is dropped, not waited for. */
export const MAX_BUFFERED_BYTES = 1 << 20
/** Keys a socket may follow at once (a viewer follows one room; a tool may follow a few). */
export const MAX_SUBSCRIPTIONS = 20
const HEARTBEAT_MS = 30_000
/** A socket that has not said `SUB` within this long is closed: it follows nothing. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000
/**
 * Commands one socket may send a second: a viewer sends a SUB or two and a PING a minute, a
 * tool at most MAX_SUBSCRIPTIONS SUBs at once. More is a flood, and the socket is closed.
 */
export const MAX_COMMANDS_PER_SECOND = 50
/** Frames kept while the bus refuses them, resent in order once it takes them again. */
export const MAX_BUS_BACKLOG = 10_000
const BUS_RETRY_MS = 1000
/** How long a closing socket may take to answer the close before it is cut. */
const CLOSE_WAIT_MS = 1000
/**
 * A busy hub writes its sockets at most once in this many milliseconds: frames published in
 * between go out together, one write per socket. A quiet room's frame goes out on the next tick.
 */
export const BATCH_MS = 25
const KEY = /^[\w:-]{1,64}$/

/**
 * Carries published messages between processes; the in-process bus serves one process. A
 * publish the bus cannot take throws or rejects; the hub keeps it and sends it again.
 */
export interface Bus {
  publish(key: string, frame: string): void | Promise<void>
  onMessage(handler: (key: string, frame: string) => void): void
  close(): Promise<void>
}

export function inProcessBus(): Bus {
  const handlers: Array<(key: string, frame: string) => void> = []
  return {
    publish: (key, frame) => {
      for (const handler of handlers) handler(key, frame)
    },
    onMessage: (handler) => void handlers.push(handler),
    close: () => Promise.resolve(),
  }
}

/**
 * One complete server-to-client WebSocket text frame (FIN, opcode 1, unmasked, RFC 6455 §5.2):
 * the same bytes for every socket, so a message is framed once however many follow its room.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(head + length)
  frame[0] = 0x81
  if (length < 126) frame[1] = length
  else if (length < 65_536) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, head)
  return frame
}

/** The payload of a frame made by textFrame. */
function payloadOf(frame: Buffer): Buffer {
  const code = (frame[1] ?? 0) & 0x7f
  return frame.subarray(code < 126 ? 2 : code === 126 ? 4 : 10)
}

/**
 * The TCP socket under a WebSocket, to write a batch of ready-made frames in one call. `ws`
 * keeps it in a private field; without it (another implementation) frames go through `send`.
 * Writing beside `ws` is safe because the hub never negotiates compression: `ws` then writes
 * every frame of its own (ACK, ping, close) whole and at once, never interleaved with ours.
 */
function rawSocket(ws: WebSocket): Duplex | undefined {
  const raw = (ws as unknown as { _socket?: unknown })._socket
  return raw instanceof Duplex ? raw : undefined
}

interface Client {
  socket: WebSocket
  keys: Set<string>
  alive: boolean
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
  tooSlow: [1008, 'too slow to read'],
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
  /** How long a socket may stay without a SUB (SUBSCRIBE_TIMEOUT_MS). */
  subscribeTimeoutMs?: number
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

/**
 * The SHOWROOM-compatible push socket: `SUB\t<key>`, `PING\tshowroom` → `ACK\tshowroom`, `QUIT`;
 * the server sends `MSG\t<key>\t<json>`, one message per frame, encoded once for every subscriber.
 */
export class PushHub {
  private readonly rooms = new Map<string, Set<Client>>()
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    perMessageDeflate: false,
  })
  private readonly heartbeat: NodeJS.Timeout
  /** Frames waiting for the next flush, by key, each encoded and framed once. */
  private pending = new Map<string, Buffer[]>()
  /** Cancels the scheduled flush; null when none is scheduled. */
  private flushing: (() => void) | null = null
  /** performance.now() before which the next flush waits (see deliver). */
  private nextFlushAt = -Infinity
  private closed = false
  private readonly clients = new Set<Client>()
  private readonly perAddress = new Map<string, number>()
  /** Frames the bus refused, oldest first, waiting to be sent again. */
  private backlog: Array<[string, string]> = []
  private retryTimer: NodeJS.Timeout | undefined
  private readonly options: Required<HubOptions>

  constructor(
    private readonly bus: Bus = inProcessBus(),
    options: HubOptions = {},
  ) {
    this.options = {
      maxPerAddress: 64,
      maxConnections: 20_000,
      addressOf: (request) => request.socket.remoteAddress ?? 'unknown',
      originAllowed: sameOrigin,
      identify: () => Promise.resolve(undefined),
      onBusError: () => {},
      subscribeTimeoutMs: SUBSCRIBE_TIMEOUT_MS,
      ...options,
    }
    bus.onMessage((key, frame) => this.deliver(key, frame))
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS).unref()
  }

  /** Takes WebSocket upgrades on `server` (any path: SHOWROOM clients connect to `/`). */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A page of another site may not open sockets in a visitor's browser (no upgrade at all).
      if (this.closed || !this.options.originAllowed(request.headers.origin, request)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
        return
      }
      // Far over the caps (refused sockets still closing): no handshake at all.
      if (this.wss.clients.size >= this.options.maxConnections * 2) {
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        )
        return
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request))
    })
  }

  /**
   * Publishes a frame of the wire contract (src/contract/push.ts) through its builder, so what
   * the server sends is what the app's parser reads.
   */
  publishFrame<T extends FrameType>(key: string, t: T, fields: FrameFields<T>): void {
    this.publish(key, buildFrame(t, fields))
  }

  /**
   * Sends `message` to every socket following `key`, in this process and (through the bus)
   * others. Never throws: what the bus refuses is kept and sent again, since the write that
   * caused it has already committed and its caller must get its answer.
   */
  publish(key: string, message: object): void {
    this.toBus(key, `MSG\t${key}\t${JSON.stringify(message)}`)
  }

  /** Distinct viewers (users, else addresses) following each key in this process. */
  counts(): Map<string, number> {
    return new Map(
      [...this.rooms].map(([key, clients]) => [
        key,
        new Set([...clients].map((client) => client.viewer)).size,
      ]),
    )
  }

  /** Open sockets in this process, and how many frames wait for the bus. */
  stats(): { sockets: number; busBacklog: number } {
    return { sockets: this.clients.size, busBacklog: this.backlog.length }
  }

  subscriberCount(key: string): number {
    return this.rooms.get(key)?.size ?? 0
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat)
    clearTimeout(this.retryTimer)
    // One last try for frames the bus refused earlier (delivered here too), and what waits for a
    // flush goes out before the sockets are told goodbye.
    this.drainBacklog()
    this.closed = true
    this.cancelFlush()
    this.flush()
    for (const client of this.wss.clients) this.closeSoon(client, 1001, 'server shutting down')
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
    await this.bus.close()
  }

  /**
   * A close with its reason, and the socket cut if the other side has not answered the closing
   * handshake within CLOSE_WAIT_MS: a client that ignores it holds nothing longer.
   */
  private closeSoon(socket: WebSocket, code: number, reason: string): void {
    socket.close(code, reason)
    setTimeout(() => {
      if (socket.readyState !== WebSocket.CLOSED) socket.terminate()
    }, CLOSE_WAIT_MS).unref()
  }

  private toBus(key: string, frame: string): void {
    // Behind older refused frames: keep the order.
    if (this.backlog.length > 0) return this.keep(key, frame)
    try {
      const sent = this.bus.publish(key, frame)
      if (sent) sent.catch((error: unknown) => this.refused(key, frame, error))
    } catch (error) {
      this.refused(key, frame, error)
    }
  }

  private refused(key: string, frame: string, error: unknown): void {
    this.options.onBusError(error)
    this.keep(key, frame)
  }

  private keep(key: string, frame: string): void {
    // Bounded: past the limit the oldest go (a viewer's missed comment, not the server's memory).
    if (this.backlog.length >= MAX_BUS_BACKLOG) this.backlog.shift()
    this.backlog.push([key, frame])
    this.scheduleRetry()
  }

  private scheduleRetry(): void {
    if (this.closed) return
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined
      this.drainBacklog()
      if (this.backlog.length > 0) this.scheduleRetry()
    }, BUS_RETRY_MS).unref()
  }

  private drainBacklog(): void {
    for (let next = this.backlog[0]; next; next = this.backlog[0]) {
      const [key, frame] = next
      try {
        const sent = this.bus.publish(key, frame)
        if (sent) sent.catch((error: unknown) => this.refused(key, frame, error))
      } catch (error) {
        this.options.onBusError(error)
        return
      }
      this.backlog.shift()
    }
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const address = this.options.addressOf(request)
    const client: Client = {
      socket,
      keys: new Set(),
      alive: true,
      address,
      viewer: `address:${address}`,
      subscribeTimer: undefined,
      commands: 0,
      commandsSince: 0,
    }
    const fromAddress = this.perAddress.get(address) ?? 0
    const refusal: readonly [number, string] | undefined =
      fromAddress >= this.options.maxPerAddress
        ? CLOSE.tooManyFromAddress
        : this.clients.size >= this.options.maxConnections
          ? CLOSE.serverFull
          : undefined
    if (refusal) {
      this.closeSoon(socket, refusal[0], refusal[1])
      return
    }
    this.clients.add(client)
    this.perAddress.set(address, fromAddress + 1)
    client.subscribeTimer = setTimeout(
      () => this.closeSoon(socket, ...CLOSE.noSubscription),
      this.options.subscribeTimeoutMs,
    ).unref()
    void this.options.identify(request).then(
      (viewer) => {
        if (viewer) client.viewer = viewer
      },
      () => {},
    )
    socket.on('pong', () => (client.alive = true))
    socket.on('message', (data, isBinary) => {
      if (isBinary) return
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data)
      this.command(client, bytes.toString('utf8'))
    })
    socket.on('close', () => this.forget(client))
    socket.on('error', () => this.forget(client))
  }

  private command(client: Client, text: string): void {
    const now = performance.now()
    if (now - client.commandsSince >= 1000) {
      client.commandsSince = now
      client.commands = 0
    }
    if (++client.commands > MAX_COMMANDS_PER_SECOND) {
      this.closeSoon(client.socket, ...CLOSE.tooManyCommands)
      return
    }
    const [verb, arg] = text.trim().split('\t')
    if (verb === 'SUB' && arg && KEY.test(arg)) {
      if (client.keys.size >= MAX_SUBSCRIPTIONS && !client.keys.has(arg)) return
      clearTimeout(client.subscribeTimer)
      client.keys.add(arg)
      let room = this.rooms.get(arg)
      if (!room) this.rooms.set(arg, (room = new Set()))
      room.add(client)
    } else if (verb === 'PING') {
      // The answer names at most a short word back; it queues like every other write.
      this.reply(client, `ACK\t${(arg ?? 'showroom').slice(0, 64)}`)
    } else if (verb === 'QUIT') {
      client.socket.close(1000)
    }
  }

  /** A reply to one socket, unless it has not read what it was sent: then it is cut off. */
  private reply(client: Client, text: string): void {
    if (client.socket.readyState !== WebSocket.OPEN) return
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.cutOff(client)
      return
    }
    client.socket.send(text)
  }

  private cutOff(client: Client): void {
    client.socket.terminate()
    this.forget(client)
  }

  /**
   * Queues a frame for the room's sockets. A quiet hub flushes on the next tick; a busy one (it
   * flushed less than BATCH_MS ago) waits out the rest of BATCH_MS, so that every frame published
   * meanwhile reaches each socket in the same single write.
   */
  private deliver(key: string, frame: string): void {
    if (this.closed || !this.rooms.has(key)) return
    // Encoded and framed once here, never again per socket.
    const data = textFrame(Buffer.from(frame))
    const queue = this.pending.get(key)
    if (queue) queue.push(data)
    else this.pending.set(key, [data])
    if (this.flushing) return
    const wait = this.nextFlushAt - performance.now()
    if (wait > 0) {
      const timer = setTimeout(() => this.flush(), wait)
      this.flushing = () => clearTimeout(timer)
    } else {
      const immediate = setImmediate(() => this.flush())
      this.flushing = () => clearImmediate(immediate)
    }
  }

  private cancelFlush(): void {
    this.flushing?.()
    this.flushing = null
  }

  private flush(): void {
    const pending = this.pending
    this.pending = new Map()
    this.flushing = null
    const started = performance.now()
    for (const [key, frames] of pending) {
      const room = this.rooms.get(key)
      if (!room) continue
      const batch = frames.length === 1 && frames[0] ? frames[0] : Buffer.concat(frames)
      for (const client of room) this.write(client, batch, frames)
    }
    const ended = performance.now()
    // At most one flush per BATCH_MS, and at least as long idle as the last flush was busy, so a
    // hub with many sockets spends at most half its time writing and stays free to take input.
    this.nextFlushAt = Math.max(started + BATCH_MS, ended + (ended - started))
  }

  /** One socket's share of a flush: the whole batch in one write, or the client is cut off. */
  private write(client: Client, batch: Buffer, frames: readonly Buffer[]): void {
    const { socket } = client
    if (socket.readyState !== WebSocket.OPEN) return
    // Back-pressure per socket: a reader that cannot keep up is cut off, never waited for.
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.cutOff(client)
      return
    }
    const raw = rawSocket(socket)
    if (raw) raw.write(batch)
    else for (const frame of frames) socket.send(payloadOf(frame), { binary: false })
  }

  /** A socket gone: out of its rooms and the counts. Safe to call more than once. */
  private forget(client: Client): void {
    clearTimeout(client.subscribeTimer)
    for (const key of client.keys) {
      const room = this.rooms.get(key)
      room?.delete(client)
      if (room?.size === 0) this.rooms.delete(key)
    }
    client.keys.clear()
    if (this.clients.delete(client)) {
      const left = (this.perAddress.get(client.address) ?? 1) - 1
      if (left > 0) this.perAddress.set(client.address, left)
      else this.perAddress.delete(client.address)
    }
  }

  /** Every socket, subscribed or not, answers a ping each HEARTBEAT_MS or is dropped. */
  private sweep(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.cutOff(client)
        continue
      }
      client.alive = false
      client.socket.ping()
    }
  }
}
