import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { buildFrame, type FrameFields, type FrameType } from '../../src/contract/push.ts'
import { BusOutbox, inProcessBus, type Bus } from './bus.ts'
import { payloadOf, rawSocket, textFrame } from './frames.ts'
import { pushDelivered } from '../services/observability/metrics.ts'
import {
  CLOSE,
  CLOSE_WAIT_MS,
  HUB_DEFAULTS,
  MAX_SUBSCRIPTIONS,
  floods,
  newClient,
  refusalOf,
  textOf,
  type Client,
  type HubOptions,
} from './sockets.ts'

/** A socket that buffers more than this is too slow to keep up: it is dropped, not waited for. */
export const MAX_BUFFERED_BYTES = 1 << 20
const HEARTBEAT_MS = 30_000
/**
 * A busy hub writes its sockets at most once in this many milliseconds: frames published in
 * between go out together, one write per socket. A quiet room's frame goes out on the next tick.
 */
export const BATCH_MS = 25
const KEY = /^[\w:-]{1,64}$/

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
  private readonly outbox: BusOutbox
  private readonly options: Required<HubOptions>

  constructor(
    readonly bus: Bus = inProcessBus(),
    options: HubOptions = {},
  ) {
    this.options = { ...HUB_DEFAULTS, ...options }
    this.outbox = new BusOutbox(bus, this.options.onBusError)
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

  /** A frame of the wire contract (src/contract/push.ts), built by its builder, then published. */
  publishFrame<T extends FrameType>(key: string, t: T, fields: FrameFields<T>): void {
    this.publish(key, buildFrame(t, fields))
  }

  /** Runs a push built from a commit: a failure is reported (onPushError), never the caller's. */
  afterCommit(what: string, push: () => Promise<void>): Promise<void> {
    return push().catch((error: unknown) => {
      this.options.onPushError(what, error)
    })
  }

  /**
   * Sends `message` to every socket following `key`, here and (through the bus) in other
   * processes. Never throws: the outbox keeps what the bus refuses (bus.ts).
   */
  publish(key: string, message: object): void {
    this.outbox.send(key, `MSG\t${key}\t${JSON.stringify(message)}`)
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
    return { sockets: this.clients.size, busBacklog: this.outbox.size }
  }

  subscriberCount(key: string): number {
    return this.rooms.get(key)?.size ?? 0
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat)
    // One last try for frames the bus refused earlier (delivered here too), and what waits for a
    // flush goes out before the sockets are told goodbye.
    this.outbox.stop()
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

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const address = this.options.addressOf(request)
    const client = newClient(socket, address)
    const fromAddress = this.perAddress.get(address) ?? 0
    const refusal = refusalOf(fromAddress, this.clients.size, this.options)
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
      if (!isBinary) this.command(client, textOf(data))
    })
    socket.on('close', () => this.forget(client))
    socket.on('error', () => this.forget(client))
  }

  private command(client: Client, text: string): void {
    if (floods(client, performance.now())) {
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
      pushDelivered.inc(room.size * frames.length)
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
