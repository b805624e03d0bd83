import type { IncomingMessage, Server } from 'node:http'
import { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'

/** A socket that buffers more than this is too slow to keep up: it is dropped, not waited for. */
export const MAX_BUFFERED_BYTES = 1 << 20
/** Keys a socket may follow at once (a viewer follows one room; a tool may follow a few). */
export const MAX_SUBSCRIPTIONS = 20
const HEARTBEAT_MS = 30_000
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
 * The TCP socket under a WebSocket, to cork a tick's frames into one write. `ws` keeps it in a
 * private field; without it (another implementation) frames are simply written one by one.
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
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 })
  private readonly heartbeat: NodeJS.Timeout
  /** Frames waiting for this tick's flush, by key, each encoded once. */
  private pending = new Map<string, Buffer[]>()
  private flushing: NodeJS.Immediate | null = null

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
    clearInterval(this.heartbeat)
    if (this.flushing) clearImmediate(this.flushing)
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
   * Queues a frame for the room's sockets; everything published in one tick goes out together
   * (a busy room's sockets are written once a tick, their frames in one corked write).
   */
  private deliver(key: string, frame: string): void {
    if (!this.rooms.has(key)) return
    // Encoded once here, never again per socket.
    const data = Buffer.from(frame)
    const queue = this.pending.get(key)
    if (queue) queue.push(data)
    else this.pending.set(key, [data])
    this.flushing ??= setImmediate(() => this.flush())
  }

  private flush(): void {
    const pending = this.pending
    this.pending = new Map()
    this.flushing = null
    const corked: Duplex[] = []
    for (const [key, frames] of pending) {
      const room = this.rooms.get(key)
      if (!room) continue
      for (const client of room) {
        // Back-pressure per socket: a reader that cannot keep up is cut off, never waited for.
        if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          client.socket.terminate()
          this.drop(client)
          continue
        }
        const raw = rawSocket(client.socket)
        if (raw) {
          raw.cork()
          corked.push(raw)
        }
        // One MSG per WebSocket message, as the protocol's clients read them.
        for (const data of frames) client.socket.send(data, { binary: false })
      }
    }
    // Uncorked together once this tick's writes are queued, as Node advises for batched writes.
    if (corked.length > 0) process.nextTick(() => corked.forEach((raw) => raw.uncork()))
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
