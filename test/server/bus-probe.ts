// Run as its own process by bus-auth.test.ts: opens the bus BUS_URL names, as a server does, and
// sends itself one frame. NODE_EXTRA_CA_CERTS is read only when a process starts: a test that
// trusts its own certificate authority does so in a child.
import { openBus } from '../../server/broadcast/buses.ts'

const url = process.env.BUS_URL
try {
  const bus = await openBus(url)
  const frame = 'MSG\tprobe:tls\t{"t":"1"}'
  const delivered = new Promise<string>((resolve) => bus.onMessage((_key, got) => resolve(got)))
  await bus.publish('probe:tls', frame, `probe-${process.pid}`)
  const got = await Promise.race([
    delivered,
    new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), 5000)),
  ])
  await bus.close()
  console.log(got === frame ? 'delivered' : `not delivered: ${got}`)
} catch (error) {
  console.log(`failed: ${error instanceof Error ? error.message : String(error)}`)
}
process.exit(0)
