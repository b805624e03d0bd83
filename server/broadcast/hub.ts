import type { IncomingMessage, Server } from 'node:http'
import { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'

/** A socket that buffers more than this is too slow to keep up: it is dropped, not waited for. */
export const MAX_BUFFERED_BYTES = 1 << 20
/** Keys a socket may follow at once (a viewer follows one room; a tool may follow a few). */
export const MAX_SUBSCRIPTIONS = 20
const HEARTBEAT_MS = 30_000
/**
 * A busy hub writes its sockets at most once in this many milliseconds: frames published in
 * between go out together, one write per socket. A quiet room's frame goes out on the next tick.
 */
export const BATCH_MS = 25
const KEY = /^[\w:-]{1,64}$/

/** Carries published messages between processes; the in-process bus serves one process. */
export interface Bus {
  publish(key: string, frame: string): void
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

  constructor(private readonly bus: Bus = inProcessBus()) {
    bus.onMessage((key, frame) => this.deliver(key, frame))
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS).unref()
  }

  /** Takes WebSocket upgrades on `server` (any path: SHOWROOM clients connect to `/`). */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws))
    })
  }

  /** Sends `message` to every socket following `key`, in this process and (through the bus) others. */
  publish(key: string, message: object): void {
    this.bus.publish(key, `MSG\t${key}\t${JSON.stringify(message)}`)
  }

  /** Sockets following each key in this process. */
  counts(): Map<string, number> {
    return new Map([...this.rooms].map(([key, clients]) => [key, clients.size]))
  }

  subscriberCount(key: string): number {
    return this.rooms.get(key)?.size ?? 0
  }

  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.heartbeat)
    this.cancelFlush()
    this.pending.clear()
    for (const client of this.wss.clients) client.close(1001, 'server shutting down')
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
    await this.bus.close()
  }

  private accept(socket: WebSocket): void {
    const client: Client = { socket, keys: new Set(), alive: true }
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
    socket.on('close', () => this.drop(client))
    socket.on('error', () => this.drop(client))
  }

  private command(client: Client, text: string): void {
    const [verb, arg] = text.trim().split('\t')
    if (verb === 'SUB' && arg && KEY.test(arg)) {
      if (client.keys.size >= MAX_SUBSCRIPTIONS && !client.keys.has(arg)) return
      client.keys.add(arg)
      let room = this.rooms.get(arg)
      if (!room) this.rooms.set(arg, (room = new Set()))
      room.add(client)
    } else if (verb === 'PING') {
      client.socket.send(`ACK\t${arg ?? 'showroom'}`)
    } else if (verb === 'QUIT') {
      client.socket.close(1000)
    }
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
      socket.terminate()
      this.drop(client)
      return
    }
    const raw = rawSocket(socket)
    if (raw) raw.write(batch)
    else for (const frame of frames) socket.send(payloadOf(frame), { binary: false })
  }

  private drop(client: Client): void {
    for (const key of client.keys) {
      const room = this.rooms.get(key)
      room?.delete(client)
      if (room?.size === 0) this.rooms.delete(key)
    }
    client.keys.clear()
  }

  private sweep(): void {
    for (const room of this.rooms.values()) {
      for (const client of room) {
        if (!client.alive) {
          client.socket.terminate()
          this.drop(client)
          continue
        }
        client.alive = false
        client.socket.ping()
      }
    }
  }
}
