import net from 'node:net'

export interface SwitchableProxy {
  /** The proxy's loopback port, which stays the same through down() and up(). */
  port: number
  /** Closes the listener and cuts every open connection (a server that restarts or fails over). */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

/** A TCP proxy to `host:port` that a test can take down and bring back. */
export async function switchableProxy(host: string, port: number): Promise<SwitchableProxy> {
  const sockets = new Set<net.Socket>()
  const listen = (on: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer((client) => {
        const upstream = net.connect(port, host)
        for (const s of [client, upstream]) {
          sockets.add(s)
          s.on('close', () => sockets.delete(s))
          s.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      server.once('error', reject)
      server.listen(on, '127.0.0.1', () => resolve(server))
    })
  let server = await listen(0)
  const own = (server.address() as net.AddressInfo).port
  return {
    port: own,
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
    },
    async up() {
      server = await listen(own)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
