import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { startTestServer, testEngines } from './harness.ts'
import { connect } from './socket.ts'

const engines = await testEngines()

describe('configuration', () => {
  const demo = { KIRARI_DEMO: '1' }

  it('refuses a bad PORT and a bad boolean with a clear error', () => {
    expect(() => loadConfig({ ...demo, PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...demo, MAINTENANCE: 'maybe' })).toThrow(/boolean/)
  })

  it('seeds demo data in the demo by default on PGlite only, and adds analytics origins to the CSP', () => {
    expect(loadConfig(demo).seedDemo).toBe(true)
    expect(loadConfig({ ...demo, DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false)
    expect(loadConfig({ ...demo, DATABASE_URL: 'postgres://x/y', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    )
    const config = loadConfig({
      ...demo,
      PAGE_VIEW_URL: 'https://pv.example/collect',
      ANALYTICS_ORIGINS: 'https://a.example',
    })
    expect(config.analyticsOrigins).toEqual(['https://a.example', 'https://pv.example'])
    expect(() => loadConfig({ ...demo, PAGE_VIEW_URL: 'not a url' })).toThrow(ConfigError)
  })

  it('offers the flow visualizer in the demo; in production only with KIRARI_FLOWS=1', () => {
    const production = { PUBLIC_ORIGIN: 'https://live.example.jp' }
    expect(loadConfig(demo).flows).toBe(true)
    expect(loadConfig(production).flows).toBe(false)
    expect(loadConfig({ ...production, KIRARI_FLOWS: '1' }).flows).toBe(true)
  })
})

describe.each(engines)('maintenance switch on %s', (engine) => {
  it('answers the API with 503 in the catalogue shape and still serves the site', async () => {
    const server = await startTestServer(engine, {
      MAINTENANCE: '1',
      PAGE_VIEW_URL: 'https://pv.example/c',
    })
    try {
      const api = await server.get('/api/current_user')
      expect(api.status).toBe(503)
      const body = (await api.json()) as { errors: Array<{ error_user_msg: string }> }
      expect(body.errors[0]?.error_user_msg).toContain('メンテナンス')
      expect((await server.get('/')).status).toBe(200)
      expect((await server.get('/sr/lang/en.json')).status).toBe(200)
      expect((await server.get('/')).headers.get('content-security-policy')).toContain(
        'https://pv.example',
      )
    } finally {
      await server.close()
    }
  })
})

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections and closes the database', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let reached!: () => void
    const arrived = new Promise<void>((resolve) => (reached = resolve))
    const server = await startTestServer('pglite', {}, (app) => {
      app.get('/api/test/slow', async (c) => {
        reached()
        await held
        return c.json({ finished: true })
      })
    })
    const inFlight = fetch(`${server.url}/api/test/slow`)
    // In flight: the server is running it (a fixed wait loses the race on a loaded machine).
    await arrived
    const closing = server.close()
    await new Promise((r) => setTimeout(r, 50))
    await expect(fetch(`${server.url}/api/live/onlive_num`)).rejects.toThrow()
    release()
    const response = await inFlight
    expect(await response.json()).toEqual({ finished: true })
    await closing
  })

  it('publishes what a request in flight committed before the bus and the sockets close', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let reached!: () => void
    const arrived = new Promise<void>((resolve) => (reached = resolve))
    const server = await startTestServer('pglite', {}, (app) => {
      app.get('/api/test/commit_then_publish', async (c) => {
        reached()
        await held
        c.var.hub.publish('lifecycle:room', { t: 1, cm: 'after commit' })
        return c.json({ ok: 1 })
      })
    })
    const socket = await connect(server)
    socket.ws.send('SUB\tlifecycle:room')
    await new Promise((r) => setTimeout(r, 50))
    const inFlight = fetch(`${server.url}/api/test/commit_then_publish`)
    await arrived
    const closing = server.close()
    await new Promise((r) => setTimeout(r, 50))
    release()
    expect((await inFlight).status).toBe(200)
    await closing
    expect(socket.frames.some((f) => f.includes('after commit'))).toBe(true)
  })

  const dataDir = path.join(os.tmpdir(), `kirari-sigterm-${process.pid}`)
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }))

  it('exits cleanly on SIGTERM, and the data directory opens again', async () => {
    const run = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, KIRARI_DEMO: '1', PORT: '0', DATA_DIR: dataDir, MAINTENANCE: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      child.stdout.on('data', (d: Buffer) => (out += d.toString()))
      child.stderr.on('data', (d: Buffer) => (out += d.toString()))
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000)
        child.stdout.on('data', () => {
          if (out.includes('"listening"')) {
            clearTimeout(timer)
            resolve()
          }
        })
      })
      child.kill('SIGTERM')
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      return { code, out }
    }
    const first = await run()
    expect(first.code).toBe(0)
    expect(first.out).toContain('"seeded database"')
    expect(first.out).toContain('"stopped"')
    const second = await run()
    expect(second.code).toBe(0)
    expect(second.out).not.toContain('"seeded database"')
  }, 60_000)
})
