import { Redis } from 'ioredis'
import {
  DeliverPolicy,
  DiscardPolicy,
  Events,
  RetentionPolicy,
  StorageType,
  StringCodec,
  connect,
  nanos,
} from 'nats'
import { inProcessBus, type Bus } from './bus.ts'

/** The channel (Redis) or subject (NATS) every process publishes push frames on. */
export const BUS_TOPIC = 'kirari.push'

/** A frame travels as `<key>\n<frame>`; keys never hold a newline (hub.ts KEY). */
const pack = (key: string, frame: string) => `${key}\n${frame}`
function unpack(data: string): [string, string] | null {
  const cut = data.indexOf('\n')
  return cut > 0 ? [data.slice(0, cut), data.slice(cut + 1)] : null
}

type Handler = (key: string, frame: string) => void

/**
 * Redis pub/sub: one connection publishes, one subscribes; every process (this one too)
 * receives every frame and hands it to its own sockets.
 */
export async function redisBus(url: string): Promise<Bus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const sub = new Redis(url, { lazyConnect: true })
  await Promise.all([pub.connect(), sub.connect()])
  await sub.subscribe(BUS_TOPIC)
  const handlers: Handler[] = []
  sub.on('message', (_channel: string, data: string) => {
    const parts = unpack(data)
    if (parts) for (const h of handlers) h(parts[0], parts[1])
  })
  return {
    // A refusal (Redis down past its retries) reaches the hub, which keeps the frame to resend.
    publish: (key, frame) => pub.publish(BUS_TOPIC, pack(key, frame)).then(() => undefined),
    onMessage: (handler) => void handlers.push(handler),
    ping: () => pub.ping().then(() => undefined),
    close: async () => {
      await Promise.allSettled([sub.quit(), pub.quit()])
    },
  }
}

/** The JetStream stream that keeps push frames while a process is cut off from NATS. */
export const BUS_STREAM = 'KIRARI_PUSH'
/**
 * How long the stream keeps a frame: a process cut off from NATS for less than this receives,
 * once back, every frame published meanwhile, in order and once. Past it, the oldest are gone
 * (the app fills a viewer's gap from comment_log when its own socket reconnects).
 */
export const BUS_REPLAY_MS = 2 * 60_000
/** A publish the stream has not acknowledged in this long is sent again (with the same id). */
const PUBLISH_ACK_MS = 3_000

/**
 * NATS with JetStream: frames are published on one subject that a stream keeps for
 * BUS_REPLAY_MS; each process reads it with an ordered consumer from the moment it starts. A
 * process that loses NATS for a while (a restart, a network cut) buffers what it publishes and,
 * once back, resumes reading at the next frame it has not seen: nothing published meanwhile is
 * lost, shown twice or out of order — core NATS subjects would drop what a process missed.
 */
export async function natsBus(url: string): Promise<Bus> {
  // Reconnect for ever: a NATS that went away comes back, and meanwhile the client buffers.
  const nc = await connect({
    servers: url.replace(/^nats:\/\//, ''),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    reconnectJitter: 250,
  })
  const codec = StringCodec()
  const handlers: Handler[] = []
  const manager = await nc.jetstreamManager()
  const config = {
    name: BUS_STREAM,
    subjects: [BUS_TOPIC],
    // On disk, so that a NATS restart keeps it (the server writes in batches: no fsync a frame).
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(BUS_REPLAY_MS),
    max_msgs: 1_000_000,
    max_bytes: 256 * 1024 * 1024,
    // Frames sent again within this window (same id) are stored once.
    duplicate_window: nanos(BUS_REPLAY_MS),
  }
  // Every process declares the same stream; the first makes it, the others find it. Again after
  // each reconnect: a NATS that came back without its storage gets it made anew.
  const declare = () =>
    manager.streams.add(config).catch(() => manager.streams.update(BUS_STREAM, config))
  await declare()
  // The client drops what it was asked to send while disconnected: refuse it instead, so that
  // the hub's outbox keeps it and sends it again once NATS is back.
  let connected = true
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === Events.Disconnect) connected = false
      if (status.type === Events.Reconnect) {
        await declare().catch(() => {})
        connected = true
      }
    }
  })()
  const js = nc.jetstream()
  const consumer = await js.consumers.get(BUS_STREAM, { deliver_policy: DeliverPolicy.New })
  const messages = await consumer.consume({
    max_messages: 1000,
    expires: 5000,
    callback: (message) => {
      const parts = unpack(codec.decode(message.data))
      if (parts) for (const h of handlers) h(parts[0], parts[1])
    },
  })
  return {
    // Acknowledged by the stream; a frame sent again (its acknowledgement was lost) is stored once.
    publish: async (key, frame, id) => {
      if (!connected) throw new Error('NATS is disconnected')
      await js.publish(BUS_TOPIC, codec.encode(pack(key, frame)), {
        msgID: id,
        timeout: PUBLISH_ACK_MS,
      })
    },
    onMessage: (handler) => void handlers.push(handler),
    ping: () => nc.flush(),
    close: async () => {
      await messages.close()
      await nc.drain()
    },
  }
}

/** The bus BUS_URL names: `redis://…`, `nats://…`, or none (one process). */
export async function openBus(url: string | undefined): Promise<Bus> {
  if (!url) return inProcessBus()
  if (/^rediss?:\/\//.test(url)) return redisBus(url)
  if (url.startsWith('nats://')) return natsBus(url)
  throw new Error(`BUS_URL must start with redis://, rediss:// or nats://, got "${url}"`)
}
