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
  type ConnectionOptions,
  type NatsConnection,
} from 'nats'
import { parseBusUrl, type BusTarget } from '../config-bus.ts'
import { busFramesDropped } from '../services/observability/metrics.ts'
import { guarded, inProcessBus, type Bus } from './bus.ts'

/** The channel (Redis) or subject (NATS) every process publishes push frames on. */
export const BUS_TOPIC = 'kirari.push'

/** A frame travels as `<key>\n<frame>`; keys never hold a newline (bus.ts PUSH_KEY). */
const pack = (key: string, frame: string) => `${key}\n${frame}`
function unpack(data: string): [string, string] | null {
  const cut = data.indexOf('\n')
  if (cut > 0) return [data.slice(0, cut), data.slice(cut + 1)]
  busFramesDropped.inc({ stage: 'receive', reason: 'malformed' })
  return null
}

type Handler = (key: string, frame: string) => void

/** How long a bus has to answer at start before the process gives up with the reason. */
const CONNECT_TIMEOUT_MS = 10_000

/** A failure to open the bus, naming it by its masked URL (never its password) and the reason. */
class BusOpenError extends Error {
  constructor(target: BusTarget, reason: unknown) {
    const why = reason instanceof Error ? reason.message : String(reason)
    super(`the bus at ${target.shown} could not be opened: ${why}`, { cause: reason })
  }
}

/** ioredis's options, each from BUS_URL as parsed: none of its own reading of a URL's query. */
export function redisOptions(target: BusTarget) {
  return {
    host: target.host,
    port: target.port,
    ...(target.username !== undefined && { username: target.username }),
    ...(target.password !== undefined && { password: target.password }),
    ...(target.db !== undefined && { db: target.db }),
    // Node checks the server's certificate against the host name (or NODE_EXTRA_CA_CERTS).
    ...(target.tls && { tls: {} }),
    connectTimeout: CONNECT_TIMEOUT_MS,
    lazyConnect: true,
  }
}

/**
 * Redis pub/sub: one connection publishes, one subscribes; every process (this one too)
 * receives every frame and hands it to its own sockets.
 */
export async function redisBus(url: string): Promise<Bus> {
  const target = parseBusUrl(url)
  const pub = new Redis({ ...redisOptions(target), maxRetriesPerRequest: 3 })
  const sub = new Redis(redisOptions(target))
  // ioredis rejects connect() with only "Connection is closed": its reason (WRONGPASS, NOAUTH, a
  // TLS failure) comes as an error event, kept here for the message.
  let reason: unknown
  const note = (error: unknown) => (reason = error)
  pub.on('error', note)
  sub.on('error', note)
  try {
    await Promise.all([pub.connect(), sub.connect()])
    await sub.subscribe(BUS_TOPIC)
  } catch (error) {
    pub.disconnect()
    sub.disconnect()
    throw new BusOpenError(target, reason ?? error)
  }
  // Past the start, ioredis reports and reconnects as it always did.
  pub.off('error', note)
  sub.off('error', note)
  const handlers: Handler[] = []
  sub.on('message', (_channel: string, data: string) => {
    const parts = unpack(data)
    if (parts) for (const h of handlers) h(parts[0], parts[1])
  })
  return guarded({
    // A refusal (Redis down past its retries) reaches the hub, which keeps the frame to resend.
    publish: (key, frame) => pub.publish(BUS_TOPIC, pack(key, frame)).then(() => undefined),
    onMessage: (handler) => void handlers.push(handler),
    ping: () => pub.ping().then(() => undefined),
    close: async () => {
      await Promise.allSettled([sub.quit(), pub.quit()])
    },
  })
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
  const target = parseBusUrl(url)
  // Reconnect for ever: a NATS that went away comes back, and meanwhile the client buffers.
  // A first connection that fails (refused, wrong credentials, no TLS) fails the start at once.
  const nc = await connect({
    ...natsOptions(target),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    reconnectJitter: 250,
  }).catch((error: unknown) => {
    throw new BusOpenError(target, error)
  })
  try {
    return await readStream(nc)
  } catch (error) {
    // No JetStream, or a user not allowed the stream: said at start, and nothing left open.
    await nc.close()
    throw new BusOpenError(target, error)
  }
}

/** The stream declared, read and written on an open connection (see natsBus). */
async function readStream(nc: NatsConnection): Promise<Bus> {
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
  return guarded({
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
  })
}

/** The NATS client's options, each from BUS_URL as parsed. */
export function natsOptions(target: BusTarget): ConnectionOptions {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host
  return {
    servers: `${host}:${target.port}`,
    ...(target.username !== undefined && { user: target.username }),
    ...(target.password !== undefined && { pass: target.password }),
    ...(target.token !== undefined && { token: target.token }),
    // Required, not merely taken when offered: a server without TLS is refused.
    ...(target.tls && { tls: {} }),
    timeout: CONNECT_TIMEOUT_MS,
  }
}

/** The bus BUS_URL names (config-bus.ts): Redis, NATS, or none (one process). */
export async function openBus(url: string | undefined): Promise<Bus> {
  if (!url) return inProcessBus()
  return parseBusUrl(url).kind === 'redis' ? redisBus(url) : natsBus(url)
}
