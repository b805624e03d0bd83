import net from 'node:net'

/** A free loopback port chosen by the system (for a server a test or bench starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** A free loopback port whose next `following` ports are free too (a cluster listens there). */
export async function freePortWithNext(following: number): Promise<number> {
  for (;;) {
    const base = await freePort()
    const free = await Promise.all(
      Array.from(
        { length: following },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const probe = net.createServer().once('error', () => resolve(false))
            probe.listen(base + i + 1, '127.0.0.1', () => probe.close(() => resolve(true)))
          }),
      ),
    )
    if (free.every(Boolean)) return base
  }
}

/** Whether something accepts TCP connections at `host`:`port` (a service a test needs). */
export function tcpReachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
