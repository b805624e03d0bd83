import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { buildFrame, type FrameFields, type FrameType } from '../../src/contract/push.ts'
import { BusOutbox, inProcessBus, isPushKey, type Bus } from './bus.ts'
import { Backlog, LAGGING_BYTES } from './backlog.ts'
import { PING_FRAME, pongFrame, textFrame } from './frames.ts'
import { Heartbeat } from './heartbeat.ts'
import { RoomStarts } from './rooms.ts'
import { RollingWriter } from './writer.ts'
import { countDelivered, pushRefused } from '../services/observability/metrics.ts'
import {
  CLOSE,
  closeSoon,
  HUB_DEFAULTS,
  MAX_SUBSCRIPTIONS,
  floods,
  newClient,
  refusalOf,
  textOf,
  type Client,
  type HubOptions,
} from './sockets.ts'

/**
 * The SHOWROOM-compatible push socket: `SUB\t<key>`, `PING\tshowroom` → `ACK\tshowroom`, `QUIT`;
 * the server sends `MSG\t<key>\t<json>`, one message per frame, encoded once for every subscriber.
 */
export class PushHub {
  /** Who follows each key, and what each has still to be written (writer.ts). */
  private readonly writer = new RollingWriter((client, batch, frames) =>
    this.write(client, batch, frames),
  )
  /** Every socket's unwritten bytes, bounded by `maxBacklogBytes` (backlog.ts). */
  private readonly backlog: Backlog
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4096,
    perMessageDeflate: false,
    // Pongs are the hub's to send, under its bounds (`reply`), never queued by `ws` unbounded.
    autoPong: false,
  })
  /**
   * Every socket, subscribed or not, is pinged once a heartbeat period and must answer before its
   * next turn, or it is cut (`check`); each tick also recounts the process's backlog.
   */
  private readonly heartbeat: Heartbeat<Client>
  private closed = false
  private readonly clients = new Set<Client>()
  private readonly perAddress = new Map<string, number>()
  private readonly outbox: BusOutbox
  private readonly options: Required<HubOptions>
  private readonly starts: RoomStarts

  constructor(
    readonly bus: Bus = inProcessBus(),
    options: HubOptions = {},
  ) {
    this.options = { ...HUB_DEFAULTS, ...options }
    this.backlog = new Backlog(this.options.maxBacklogBytes)
    this.starts = new RoomStarts(this.options.maxRooms, this.options.maxRoomsPerAddress)
    this.outbox = new BusOutbox(bus, this.options.onBusError)
    bus.onMessage((key, frame) => this.deliver(key, frame))
    this.heartbeat = new Heartbeat(
      this.clients,
      this.options.heartbeatMs,
      (client, now) => this.check(client, now),
      () => this.backlog.recount(),
    )
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
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket, request))
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
    return this.writer.viewerCounts()
  }

  /**
   * Open sockets in this process, how many frames wait for the bus, and how many bytes wait for
   * sockets that are not reading.
   */
  stats(): { sockets: number; busBacklog: number; backlogBytes: number } {
    this.backlog.recount()
    return {
      sockets: this.clients.size,
      busBacklog: this.outbox.size,
      backlogBytes: this.backlog.bytes,
    }
  }

  subscriberCount(key: string): number {
    return this.writer.followerCount(key)
  }

  async close(): Promise<void> {
    this.heartbeat.stop()
    // One last try for frames the bus refused earlier (delivered here too), and what is still
    // owed to each socket goes out before the sockets are told goodbye.
    this.outbox.stop()
    this.closed = true
    this.writer.drain()
    for (const client of this.wss.clients) closeSoon(client, 1001, 'server shutting down')
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
    await this.bus.close()
  }

  private accept(socket: WebSocket, raw: Duplex, request: IncomingMessage): void {
    const address = this.options.addressOf(request)
    const client = newClient(socket, raw, address)
    const fromAddress = this.perAddress.get(address) ?? 0
    const refusal = refusalOf(fromAddress, this.clients.size, this.options)
    if (refusal) {
      closeSoon(socket, refusal[0], refusal[1])
      return
    }
    this.clients.add(client)
    this.perAddress.set(address, fromAddress + 1)
    client.subscribeTimer = setTimeout(
      () => closeSoon(socket, ...CLOSE.noSubscription),
      this.options.subscribeTimeoutMs,
    ).unref()
    void this.options.identify(request).then(
      (viewer) => {
        if (viewer) client.viewer = viewer
      },
      () => {},
    )
    socket.on('pong', () => (client.alive = true))
    socket.on('ping', (data) => {
      if (floods(client, performance.now())) this.flooded(client)
      else this.reply(client, pongFrame(data))
    })
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.command(client, textOf(data))
    })
    socket.on('close', () => this.forget(client))
    socket.on('error', () => this.forget(client))
  }

  private command(client: Client, text: string): void {
    if (floods(client, performance.now())) {
      this.flooded(client)
      return
    }
    const [verb, arg] = text.trim().split('\t')
    if (verb === 'SUB' && arg && isPushKey(arg)) {
      if (client.keys.size >= MAX_SUBSCRIPTIONS && !client.keys.has(arg)) {
        pushRefused.inc({ what: 'sub', reason: 'subscriptions' })
        return
      }
      // A key nobody here follows yet starts a room: rooms are bounded like sockets are.
      if (!this.writer.has(arg)) {
        if (!this.starts.mayStart(client.address)) {
          pushRefused.inc({ what: 'sub', reason: 'rooms' })
          return
        }
        this.starts.started(arg, client.address)
      }
      clearTimeout(client.subscribeTimer)
      client.keys.add(arg)
      this.writer.follow(arg, client)
    } else if (verb === 'PING') {
      // The answer names at most a short word back; it queues like every other write.
      this.reply(client, textFrame(Buffer.from(`ACK\t${(arg ?? 'showroom').slice(0, 64)}`)))
    } else if (verb === 'QUIT') {
      closeSoon(client.socket, 1000, '')
    }
  }

  /**
   * A frame the socket asked for (an ACK) or a heartbeat ping: only to a socket that reads. One
   * that does not is sent nothing more than its rooms' frames, so it pins no more than
   * LAGGING_BYTES of answers however many PINGs it sends.
   */
  private reply(client: Client, frame: Buffer): void {
    if (!this.canTake(client, frame.length) || client.raw.writableLength > LAGGING_BYTES) return
    this.send(client, frame)
  }

  /**
   * Whether a socket is open and keeping up, to be written `bytes` more; one that is not is cut
   * off, never waited for (see `tooFar`).
   */
  private canTake(client: Client, bytes: number): boolean {
    if (client.socket.readyState !== WebSocket.OPEN || !client.raw.writable) return false
    const backlog = client.raw.writableLength
    const why = backlog === 0 ? null : this.backlog.tooFar(backlog, bytes)
    if (why === null) return true
    this.cutOff(client, why)
    return false
  }

  /**
   * Writes ready-made frames to the socket's connection with the stream's own `write`, which keeps
   * `data` alive until the kernel has taken it. `ws` writes its own frames (close, pong) to the
   * same stream, each whole and at once since no extension is ever negotiated, so the order of
   * everything written holds and no frame is ever split by another.
   */
  private send(client: Client, data: Buffer): void {
    client.raw.write(data)
    const backlog = this.backlog.count(client)
    if (backlog === 0) return
    // A socket that read all it was sent may be given a pass's frames whole; if the kernel could
    // not take them and they break a bound, it goes now (its bytes with it), not at its next write.
    const why = this.backlog.tooFar(backlog)
    if (why) this.cutOff(client, why)
  }

  /** A socket past the command rate is closed, with the reason. */
  private flooded(client: Client): void {
    pushRefused.inc({ what: 'socket', reason: 'flood' })
    closeSoon(client.socket, ...CLOSE.tooManyCommands)
  }

  private cutOff(client: Client, reason: 'backlog' | 'budget' | 'lagging' | 'heartbeat'): void {
    pushRefused.inc({ what: 'socket', reason })
    client.socket.terminate()
    this.forget(client)
  }

  /** A frame for the key's sockets here, encoded and framed once, never again per socket. */
  private deliver(key: string, frame: string): void {
    if (this.closed || !this.writer.has(key)) return
    this.writer.append(key, textFrame(Buffer.from(frame)))
  }

  /** One socket's share of a pass: all it lacks in one write, or the client is cut off. */
  private write(client: Client, batch: Buffer, frames: readonly Buffer[]): void {
    if (!this.canTake(client, batch.length)) return
    this.send(client, batch)
    countDelivered(frames.length)
  }

  /** A socket gone: out of its rooms and the counts. Safe to call more than once. */
  private forget(client: Client): void {
    clearTimeout(client.subscribeTimer)
    this.backlog.forget(client)
    for (const key of client.keys) {
      this.writer.unfollow(key, client)
      if (!this.writer.has(key)) this.starts.ended(key)
    }
    client.keys.clear()
    if (this.clients.delete(client)) {
      const left = (this.perAddress.get(client.address) ?? 1) - 1
      if (left > 0) this.perAddress.set(client.address, left)
      else this.perAddress.delete(client.address)
    }
  }

  private check(client: Client, now: number): void {
    // A socket that is not reading is not pinged (it could not answer in time); one that has not
    // read for a whole period, behind at two turns running, is gone, whether its rooms are busy
    // or quiet (a quiet room's frames would never take it to MAX_BUFFERED_BYTES).
    if (client.raw.writableLength > LAGGING_BYTES) {
      if (client.lagging) this.cutOff(client, 'lagging')
      client.lagging = true
      return
    }
    client.lagging = false
    if (!client.alive) {
      // No answer since a ping at least half a period ago (a round may come round early when
      // sockets leave): gone. A later ping still has its next turn to be answered.
      if (now - client.pingedAt >= this.options.heartbeatMs / 2) this.cutOff(client, 'heartbeat')
      return
    }
    client.alive = false
    client.pingedAt = now
    this.reply(client, PING_FRAME)
  }
}
