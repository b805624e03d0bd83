import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/**
 * The production topology in miniature on one machine (issue #40): N web processes on
 * PostgreSQL with the NATS (or Redis) bus, behind Debian's nginx as the load balancer (WebSocket
 * upgrades included), and optionally the media host beside them. A web process that ends
 * unasked is started again, as a supervisor would. `npm run cluster` and the fault tests use it.
 */

const root = path.resolve(import.meta.dirname, '..')

export interface ClusterOptions {
  processes: number
  /** The balancer's port; web processes listen on port+1…port+N, the media host on port+50. */
  port: number
  databaseUrl: string
  /** The schema the cluster works in (made if missing), so it never touches anything else. */
  schema: string
  busUrl: string
  /** Where nginx's configuration, pid and temporary files go. */
  dir: string
  nginxBin?: string
  /** The OBS ingest for the media host; without it, no media host is started. */
  rtmpUrl?: string
  /** Added to every web process's environment. */
  env?: Record<string, string>
  /** Each line a child writes, with its name (`web1`, `nginx`, `media`, `cluster`). */
  log?: (name: string, line: string) => void
  restartDelayMs?: number
}

export interface WebProcess {
  /** 1-based. */
  readonly index: number
  readonly port: number
  readonly url: string
  /** The running child, or null between an end and its restart. */
  readonly child: ChildProcess | null
  /** How many times it was started. */
  readonly starts: number
}

export interface Cluster {
  /** The balancer's address: what users reach. */
  origin: string
  webs: readonly WebProcess[]
  /** Sends `signal` to web process `index`; the cluster starts it again once it has ended. */
  signal(index: number, signal: NodeJS.Signals): void
  /** Resolves once web process `index` has been started again (after `startsBefore`) and is ready. */
  restarted(index: number, startsBefore: number, timeoutMs?: number): Promise<void>
  /**
   * The balancer sends new requests and sockets only to these web processes (1-based), as an
   * operator takes processes out of rotation; what is open stays where it is. Resolves once
   * nginx has reloaded its configuration.
   */
  balance(indexes: readonly number[]): Promise<void>
  /** Web processes drain (SIGTERM), then the balancer and the media host stop. */
  stop(): Promise<void>
}

function withSchema(url: string, schema: string): string {
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${schema}`)
  return u.toString()
}

/** Resolves once `url`/readyz answers 200. */
export async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const answer = await fetch(`${url}/readyz`).catch(() => null)
    if (answer?.ok) return
    if (Date.now() > until) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The balancer: least connections (push sockets are long), upgrades passed on, no buffering. */
/** An nginx `http` block's scratch directories, all under `dir` (nginx runs without root). */
export const nginxScratch = (dir: string) =>
  ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${dir}/tmp-${kind === 'client_body' ? 'body' : kind};`)
    .join('\n')

export function nginxConfig(dir: string, port: number, webPorts: readonly number[]): string {
  const upstreams = webPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`)
    .join('\n')
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
daemon off;
events { worker_connections 8192; }
http {
  access_log off;
${nginxScratch(dir)}
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream kirari {
    least_conn;
${upstreams}
    keepalive 64;
    # Shorter than Node's keep-alive (5 s): nginx lets an idle connection go before the process
    # does, so it never sends a request on a connection the process is closing.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://kirari;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # Push sockets and blocking playlist reloads stay open; parts stream as they come.
      proxy_read_timeout 1h;
      proxy_buffering off;
      # A process that is gone: the next one takes requests that never reached it. A POST that
      # did is never sent twice (nginx's default); the app resends it with its Idempotency-Key.
      proxy_next_upstream error timeout;
    }
  }
}
`
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const nginxBin = options.nginxBin ?? '/usr/sbin/nginx'
  if (!fs.existsSync(nginxBin)) throw new Error(`${nginxBin} is missing: apt-get install -y nginx`)
  const { dir, port, schema } = options
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema: a plain name, got ${schema}`)
  const log = options.log ?? ((name, line) => console.log(`[${name}] ${line}`))
  fs.mkdirSync(dir, { recursive: true })
  const admin = new pg.Client({ connectionString: options.databaseUrl })
  await admin.connect()
  await admin.query(`create schema if not exists "${schema}"`)
  await admin.end()

  const origin = `http://127.0.0.1:${port}`
  const mediaPort = port + 50
  const children = new Set<ChildProcess>()
  let stopping = false

  const start = (name: string, args: string[], env: Record<string, string>): ChildProcess => {
    const child = spawn(args[0] ?? '', args.slice(1), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) log(name, line)
      })
    }
    child.once('exit', () => children.delete(child))
    return child
  }

  const webs = Array.from({ length: options.processes }, (_, i) => ({
    index: i + 1,
    port: port + 1 + i,
    url: `http://127.0.0.1:${port + 1 + i}`,
    child: null as ChildProcess | null,
    starts: 0,
  }))

  const startWeb = (web: (typeof webs)[number]) => {
    web.starts++
    const child = start(
      `web${web.index}`,
      [process.execPath, '--import', 'tsx', 'server/main.ts'],
      {
        KIRARI_DEMO: '1',
        SEED_DEMO: '1',
        // The demo's bots run on one process only: N processes would make N times the chatter.
        DEMO_BOTS_PER_MINUTE: web.index === 1 ? (process.env.DEMO_BOTS_PER_MINUTE ?? '6') : '0',
        PORT: String(web.port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: origin,
        TRUST_PROXY: 'loopback',
        DATABASE_URL: withSchema(options.databaseUrl, schema),
        BUS_URL: options.busUrl,
        ...(options.rtmpUrl
          ? { MEDIA_ORIGIN: `http://127.0.0.1:${mediaPort}`, RTMP_URL: options.rtmpUrl }
          : {}),
        ...options.env,
      },
    )
    web.child = child
    child.once('exit', (code, signal) => {
      web.child = null
      if (stopping) return
      const delay = options.restartDelayMs ?? 1_000
      log('cluster', `web${web.index} ended (${signal ?? `exit ${code}`}); starting it again`)
      setTimeout(() => stopping || startWeb(web), delay)
    })
  }

  /** The running nginx, once started. */
  const balancer: ChildProcess[] = []
  const writeNginxConfig = (upstreams: ReadonlyArray<{ port: number }>) =>
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxConfig(
        dir,
        port,
        upstreams.map((w) => w.port),
      ),
    )

  const stop = async () => {
    if (stopping) return
    stopping = true
    const exited = [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve()
          else child.once('exit', () => resolve())
        }),
    )
    for (const child of children) {
      child.kill(child.spawnargs[0] === nginxBin ? 'SIGQUIT' : 'SIGTERM')
    }
    await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 15_000))])
    for (const child of children) child.kill('SIGKILL')
  }

  try {
    // The first process migrates and seeds; the others start once it is ready.
    const [first, ...rest] = webs
    if (!first) throw new Error('processes: at least 1')
    startWeb(first)
    await waitReady(first.url, 120_000)
    for (const web of rest) startWeb(web)
    await Promise.all(rest.map((web) => waitReady(web.url, 120_000)))

    writeNginxConfig(webs)
    const nginx = start('nginx', [nginxBin, '-p', dir, '-c', path.join(dir, 'nginx.conf')], {})
    balancer.push(nginx)
    await waitReady(origin, 10_000)
    if (options.rtmpUrl) {
      const media = start('media', [process.execPath, '--import', 'tsx', 'server/media-main.ts'], {
        KIRARI_URL: origin,
        // The cluster is the demo's shape on one machine: its publishers are on loopback.
        KIRARI_DEMO: '1',
        MEDIA_PORT: String(mediaPort),
        RTMP_URL: options.rtmpUrl,
        MEDIA_DIR: path.join(dir, 'media'),
      })
      media.once('exit', (code) => {
        if (!stopping) log('cluster', `the media host ended (exit ${code}): no OBS ingest`)
      })
    }
  } catch (error) {
    await stop()
    throw error
  }

  return {
    origin,
    webs,
    signal(index, signal) {
      webs[index - 1]?.child?.kill(signal)
    },
    async balance(indexes) {
      const chosen = webs.filter((w) => indexes.includes(w.index))
      if (chosen.length === 0) throw new Error('balance: at least one web process')
      writeNginxConfig(chosen)
      // SIGHUP: nginx reads its configuration again and starts new workers with it; the old
      // workers finish what they hold. A moment for the new workers to take the listening socket.
      for (const nginx of balancer) nginx.kill('SIGHUP')
      await new Promise((resolve) => setTimeout(resolve, 500))
    },
    async restarted(index, startsBefore, timeoutMs = 60_000) {
      const web = webs[index - 1]
      if (!web) throw new Error(`no web process ${index}`)
      const until = Date.now() + timeoutMs
      while (web.starts <= startsBefore || !web.child) {
        if (Date.now() > until) throw new Error(`web${index} was not started again`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await waitReady(web.url, Math.max(1_000, until - Date.now()))
    },
    stop,
  }
}
