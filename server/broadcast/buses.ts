import { Redis } from 'ioredis'
import { StringCodec, connect } from 'nats'
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

/** NATS: one subject; every process (this one too) receives every frame. */
export async function natsBus(url: string): Promise<Bus> {
  // Reconnect for ever: a NATS that went away comes back, and meanwhile the client buffers.
  const nc = await connect({ servers: url.replace(/^nats:\/\//, ''), maxReconnectAttempts: -1 })
  const codec = StringCodec()
  const handlers: Handler[] = []
  const subscription = nc.subscribe(BUS_TOPIC, {
    callback: (error, message) => {
      if (error) return
      const parts = unpack(codec.decode(message.data))
      if (parts) for (const h of handlers) h(parts[0], parts[1])
    },
  })
  return {
    publish: (key, frame) => nc.publish(BUS_TOPIC, codec.encode(pack(key, frame))),
    onMessage: (handler) => void handlers.push(handler),
    ping: () => nc.flush(),
    close: async () => {
      subscription.unsubscribe()
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
