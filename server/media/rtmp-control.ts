import http from 'node:http'

/** nginx answers on its own socket at once; longer than this and it is not answering. */
const CONTROL_TIMEOUT_MS = 2000

/**
 * Drops the encoder publishing stream `name` to `app`, through nginx-rtmp's control module on
 * `socket` (a Unix socket only this host's processes reach: rtmp-config.ts). Resolves with how
 * many publishers nginx dropped (0: none was publishing).
 */
export function dropRtmpPublisher(socket: string, app: string, name: string): Promise<number> {
  const path = `/control/drop/publisher?${new URLSearchParams({ app, name }).toString()}`
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: socket, path, timeout: CONTROL_TIMEOUT_MS }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => {
        if (res.statusCode !== 200) {
          reject(new Error(`nginx's control answered ${res.statusCode}: ${body.slice(0, 200)}`))
        } else resolve(Number(body.trim()) || 0)
      })
      res.on('error', reject)
    })
    request.on('timeout', () => request.destroy(new Error("nginx's control did not answer")))
    request.on('error', reject)
  })
}
