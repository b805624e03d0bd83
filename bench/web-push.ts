import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { sql } from 'kysely'
import webpush from 'web-push'
import { startLive } from '../server/services/lives.ts'
import { postgresReachable, startTestServer, type Engine } from '../test/server/harness.ts'
import type { BenchResult } from './report.ts'

/**
 * A live's notices to its followers' phones (issue #41): a room with 100,000 followers, 50,000
 * of them with a subscribed device on the local push service (test/push-service.ts, in a process
 * of its own: it checks each message's VAPID signature and decrypts it, as a push service does).
 * The room goes live; the server's own jobs do the rest — the notice fan-out writes the notices
 * and the notifications owed in batches, the push sender sends them. Measured from the live's
 * start to the last notification the push service accepted.
 */
export async function benchWebPush(options: { quick: boolean }): Promise<BenchResult> {
  const followers = options.quick ? 20_000 : 100_000
  const devices = followers / 2
  const engine: Engine = (await postgresReachable()) ? 'postgres' : 'pglite'
  const vapid = webpush.generateVAPIDKeys()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-bench-push-'))
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'push-service-child.ts')],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async () => {
    const line = await lines.next()
    if (line.done) throw new Error('the push service ended early')
    return line.value
  }
  const file = path.join(dir, 'subscriptions.jsonl')
  // The push service makes its subscriptions while the server starts.
  const subscribed = (async () => {
    await next() // ready
    child.stdin.write(`subscribe ${devices} ${vapid.publicKey} ${file}\n`)
    await next()
  })()
  const server = await startTestServer(engine, {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@kirari.example',
    // The bench's push service is on loopback, which a site refuses unless told (issue #50).
    WEB_PUSH_ALLOW_LOOPBACK: '1',
  })
  try {
    const db = server.database.db
    await subscribed
    const subscriptions = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { endpoint: string; keys: { p256dh: string; auth: string } })

    const room = await db
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'sports_ken')
      .executeTakeFirstOrThrow()
    const made = await sql<{ id: number }>`
      insert into users (account_id, name, birthday)
      select 'push_bench_' || g, 'ファン' || g, 20000101 from generate_series(1, ${followers}::int) g
      returning id`.execute(db)
    const ids = made.rows.map((r) => r.id)
    await sql`
      insert into follows (user_id, room_id, push_send_status)
      select id, ${room.id}::int, true from unnest(${ids}::int[]) as id`.execute(db)
    // Every other follower has a device.
    for (let at = 0; at < devices; at += 10_000) {
      const batch = subscriptions.slice(at, at + 10_000)
      await sql`
        insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
        select u, e, p, a, 'Chrome · Android'
        from unnest(${batch.map((_, i) => ids[(at + i) * 2] ?? 0)}::int[],
          ${batch.map((s) => s.endpoint)}::text[], ${batch.map((s) => s.keys.p256dh)}::text[],
          ${batch.map((s) => s.keys.auth)}::text[]) as t(u, e, p, a)`.execute(db)
    }

    const started = Date.now()
    await startLive(db, { id: room.id }, { restart: false, abroad: false, nowMs: started })
    let count = { accepted: 0, refused: 0, last: 0 }
    const until = started + 120_000
    while (count.accepted + count.refused < devices && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      child.stdin.write('count\n')
      count = JSON.parse(await next()) as typeof count
    }
    const seconds = (Math.max(count.last, started) - started) / 1000
    return {
      name: 'web-push',
      description: `a live in a room with ${followers.toLocaleString('en')} followers, ${devices.toLocaleString('en')} with a device on the local push service (VAPID checked, payload decrypted), on ${engine}: the server's notice fan-out and push sender jobs`,
      quick: options.quick,
      at: new Date().toISOString(),
      measures: [
        {
          name: 'notifications accepted by the push service',
          value: count.accepted,
          unit: '',
          target: { kind: 'min', value: devices },
        },
        {
          name: 'refused by the push service',
          value: count.refused,
          unit: '',
          target: { kind: 'max', value: 0 },
        },
        {
          name: 'from the live’s start to the last notification',
          value: Number(seconds.toFixed(1)),
          unit: 's',
          target: { kind: 'max', value: 60 },
        },
        {
          name: 'notifications per second',
          value: Math.round(count.accepted / Math.max(seconds, 0.001)),
          unit: '/s',
        },
      ],
    }
  } finally {
    child.stdin.write('done\n')
    await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
