import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../test/free-port.ts'
import { nginxScratch } from '../server/cluster.ts'

/** Debian's Nchan module (libnginx-mod-nchan). */
export const NCHAN_MODULE = '/usr/lib/nginx/modules/ngx_nchan_module.so'

export interface Nchan {
  /** The WebSocket address of `key`'s subscribers. */
  subscribeUrl(key: string): string
  /** Publishes `body` to `key` over HTTP (a kept-alive connection); rejects on a refusal. */
  publish(key: string, body: string): Promise<void>
  stop(): Promise<void>
}

/**
 * The peer of Kirari's push hub in `npm run bench`: Debian's nginx with the Nchan module, one
 * worker (one core, as one Kirari process), WebSocket subscribers at `/sub?id=<key>`, HTTP
 * publishers at `/pub?id=<key>`; new subscribers get only what is published after they came.
 */
export async function startNchan(): Promise<Nchan> {
  if (!fs.existsSync(NCHAN_MODULE)) {
    throw new Error(`${NCHAN_MODULE} is missing: apt-get install -y libnginx-mod-nchan`)
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-nchan-'))
  const port = await freePort()
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${NCHAN_MODULE};
worker_processes 1;
worker_rlimit_nofile 40000;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 20000; }
http {
  access_log off;
${nginxScratch(dir)}
  nchan_max_reserved_memory 256M;
  server {
    listen 127.0.0.1:${port};
    location = /sub {
      nchan_subscriber websocket;
      nchan_channel_id $arg_id;
      nchan_subscriber_first_message newest;
    }
    location = /pub {
      nchan_publisher http;
      nchan_channel_id $arg_id;
      nchan_message_buffer_length 16;
      nchan_message_timeout 30s;
    }
  }
}
`,
  )
  const nginx = spawn('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const origin = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    const answer = await fetch(`${origin}/pub?id=ready`).catch(() => null)
    if (answer) break
    if (tries > 100) throw new Error(`nginx with Nchan did not start (see ${dir}/error.log)`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    subscribeUrl: (key) => `ws://127.0.0.1:${port}/sub?id=${encodeURIComponent(key)}`,
    publish: (key, body) =>
      new Promise<void>((resolve, reject) => {
        const request = http.request(
          `${origin}/pub?id=${encodeURIComponent(key)}`,
          { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } },
          (response) => {
            response.resume()
            response.once('end', () =>
              (response.statusCode ?? 0) < 300
                ? resolve()
                : reject(new Error(`Nchan refused a message: ${response.statusCode}`)),
            )
          },
        )
        request.once('error', reject)
        request.end(body)
      }),
    async stop() {
      agent.destroy()
      nginx.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
