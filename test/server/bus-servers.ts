// Private NATS and Redis servers for the bus tests, each on a free loopback port with its own
// credentials: a test can tell right credentials from wrong ones only on a server that asks.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, tcpReachable } from '../free-port.ts'

export const NATS_SERVER = '/usr/sbin/nats-server'
export const REDIS_SERVER = '/usr/bin/redis-server'

export interface Started {
  port: number
  dir: string
  stop(): Promise<void>
}

async function startProcess(
  command: string,
  args: (port: number, dir: string) => string[],
  files: (port: number, dir: string) => Record<string, string> = () => ({}),
): Promise<Started> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-bus-'))
  const port = await freePort()
  for (const [name, text] of Object.entries(files(port, dir))) {
    fs.writeFileSync(path.join(dir, name), text)
  }
  let log = ''
  const child: ChildProcess = spawn(command, args(port, dir), { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const end = Date.now() + 10_000
  while (!(await tcpReachable('127.0.0.1', port))) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill()
      throw new Error(`${command} did not start:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    port,
    dir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * A NATS server with JetStream asking for `auth` (nats-server's `authorization` block: users and
 * their passwords, or a token), with TLS when given a certificate and its key.
 */
export function startNats(
  auth: { users: Array<{ user: string; password: string }> } | { token: string },
  tls?: { cert: string; key: string },
): Promise<Started> {
  const quote = (text: string) => JSON.stringify(text)
  return startProcess(
    NATS_SERVER,
    (_port, dir) => ['-c', path.join(dir, 'nats.conf')],
    (port, dir) => ({
      'nats.conf': [
        `listen: 127.0.0.1:${port}`,
        `jetstream { store_dir: ${quote(path.join(dir, 'js'))} }`,
        'users' in auth
          ? `authorization { users: [${auth.users
              .map((u) => `{ user: ${quote(u.user)}, password: ${quote(u.password)} }`)
              .join(', ')}] }`
          : `authorization { token: ${quote(auth.token)} }`,
        tls ? `tls { cert_file: ${quote(tls.cert)}, key_file: ${quote(tls.key)} }` : '',
      ].join('\n'),
    }),
  )
}

/** A Redis server (nothing saved) asking for `password` as its default user's. */
export function startRedis(password: string): Promise<Started> {
  return startProcess(REDIS_SERVER, (port, dir) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--requirepass',
    password,
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ])
}

/** A self-signed certificate for localhost (its own CA), written under `dir`. */
export function selfSigned(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  return { cert, key }
}
