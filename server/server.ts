import net, { type AddressInfo, type Socket } from 'node:net'
import type { Server } from 'node:http'
import { createAdaptorServer } from '@hono/node-server'
import { createApp } from './app.ts'
import type { Logger } from './env.ts'
import { ConfigError, type ServerConfig } from './config.ts'
import { openDatabase, type Database } from './db/index.ts'
import { seed } from './db/seed.ts'
import { PushHub } from './broadcast/hub.ts'
import { openBus } from './broadcast/buses.ts'
import { startPresence } from './services/presence.ts'
import { startDemoBots } from './services/demo-bots.ts'
import { startGradeAggregator } from './services/rankings/grades.ts'
import { startMissionCatalogue } from './services/missions/catalogue.ts'
import { startNoticeFanout } from './services/notices/fanout.ts'
import { startPushSender } from './services/web-push/sender.ts'
import { webPushTransport } from './services/web-push/transport.ts'
import { startAnalyze } from './services/analyze.ts'
import { startEventFinalizer } from './services/events/finalize.ts'
import { startOrderSweeper } from './services/order-settlement.ts'
import { paymentProvider } from './services/payments.ts'
import { startPurge } from './services/purge.ts'
import { startLostIngestSweep } from './services/rtmp-ingest.ts'
import { startWindowSweep } from './services/stream-window.ts'
import { startMail } from './services/smtp-provider.ts'
import { pushOptions } from './push-options.ts'
import { onJobFailure } from './services/jobs.ts'
import { observeHub, observePool } from './services/observability/metrics.ts'
import { startMetricsListener } from './services/observability/metrics-listener.ts'
import { reportServerError, type ErrorSink } from './services/observability/errors.ts'

export interface RunningServer {
  url: string
  hub: PushHub
  port: number
  database: Database
  http: Server
  /** The port of METRICS_ADDRESS's listener, when there is one. */
  metricsPort: number | undefined
  /** Records a server error where the app's errors go (services/observability/errors.ts). */
  reportError(error: unknown, context: Record<string, string>): Promise<void>
  /** Stops accepting, lets open requests finish (up to the grace period), closes the database. */
  close(): Promise<void>
}

export interface StartOptions {
  logger: Logger
  /** An already opened database (tests); otherwise opened from the config. */
  database?: Database
  /** Extra routes mounted before the app's own (tests use this to hold a request open). */
  extend?: (app: ReturnType<typeof createApp>) => void
  /** How the process ends when its embedded database is lost (process.exit unless given). */
  exit?: (code: number) => void
}

/** How long a process whose embedded database died lets its requests end before it exits. */
const LOST_DATABASE_EXIT_MS = 5_000

/**
 * A database the demo was seeded into has accounts whose password is in the README: production
 * does not start on it (a stray `.data/` from `npm start` must not become a live site).
 */
async function refuseDemoAccounts(database: Database): Promise<void> {
  const demo = await database.db
    .selectFrom('users')
    .select('account_id')
    .where('is_demo', '=', true)
    .limit(1)
    .executeTakeFirst()
  if (!demo) return
  await database.close()
  throw new ConfigError(
    `refused in production: the database holds the demo accounts (such as ${demo.account_id}), whose password is public. Start production on a database of its own (DATA_DIR or DATABASE_URL)`,
  )
}

export async function startServer(
  config: ServerConfig,
  options: StartOptions,
): Promise<RunningServer> {
  const { logger } = options
  const started = Date.now()
  const running: { close?: () => Promise<void> } = {}
  // PGlite's thread died: every later statement would fail. The process does not try to carry
  // on with a half-open database: it says so and exits, for its supervisor to start it again.
  const onLost = (error: Error) => {
    logger.error(
      'database lost: the PGlite thread stopped; exiting so that the supervisor starts the process again',
      { error: error.message },
    )
    let exited = false
    const exit = () => {
      if (exited) return
      exited = true
      ;(options.exit ?? ((code: number) => process.exit(code)))(1)
    }
    setTimeout(exit, LOST_DATABASE_EXIT_MS).unref()
    void (running.close?.() ?? Promise.resolve())
      .catch((failure: unknown) => logger.error('shutdown failed', { error: String(failure) }))
      .finally(exit)
  }
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onLost,
      // PostgreSQL went away under an idle connection: the next request opens a new one.
      onConnectionError: (error) =>
        logger.error('database connection lost', { error: error.message }),
    }))
  if (await seed(database.db, { demo: config.seedDemo })) {
    logger.info('seeded database', { demo: config.seedDemo })
  }
  if (config.production) await refuseDemoAccounts(database)

  const hub = new PushHub(await openBus(config.busUrl), pushOptions(config, database.db, logger))
  // One provider for the requests and the order sweeper.
  const payments = paymentProvider(config.paymentProvider, database.db)
  const errors: ErrorSink = { db: database.db, logger, config: config.observability }
  // SMTP_URL: mail is queued and sent by its own sender; otherwise the app's outbox keeps it.
  const mail = startMail(config, database.db, logger)
  const app = createApp({
    db: database.db,
    config,
    logger,
    hub,
    payments,
    errors,
    ...(mail.messages ? { messages: mail.messages } : {}),
  })
  options.extend?.(app)
  const http = createAdaptorServer({ fetch: app.fetch }) as Server
  hub.attach(http)

  let inFlight = 0
  let drained: (() => void) | undefined
  let draining = false
  /** HTTP connections (push sockets leave this set when they upgrade). */
  const connections = new Set<Socket>()
  let allClosed: (() => void) | undefined
  http.on('connection', (socket: Socket) => {
    connections.add(socket)
    socket.once('close', () => {
      connections.delete(socket)
      if (connections.size === 0) allClosed?.()
    })
  })
  http.on('upgrade', (_req, socket: Socket) => {
    connections.delete(socket)
    if (connections.size === 0) allClosed?.()
  })
  http.on('request', (_req, res) => {
    inFlight++
    // A stopping process still answers what reaches it, then lets the connection go.
    if (draining) res.setHeader('Connection', 'close')
    res.on('close', () => {
      inFlight--
      if (inFlight === 0) drained?.()
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(config.port, config.host, () => resolve())
  })
  const unobserve = [
    observeHub(hub),
    database.pool ? observePool(database.pool) : () => {},
    onJobFailure((job, error) => void reportServerError(errors, error, { kind: 'job', job })),
  ]
  const { metricsAddress, metricsToken } = config.observability
  const metrics = metricsAddress
    ? await startMetricsListener(metricsAddress, metricsToken)
    : undefined
  const bots = startDemoBots({
    db: database.db,
    hub,
    logger,
    perMinute: config.demoBotsPerMinute,
  })
  const presence = startPresence({
    db: database.db,
    hub,
    logger,
    intervalMs: config.presenceIntervalMs,
  })
  const orderSweeper = startOrderSweeper({
    db: database.db,
    provider: payments,
    logger,
    intervalMs: config.orderSweepMs,
  })
  const purge = startPurge({ db: database.db, logger, intervalMs: config.purgeIntervalMs })
  const finalizer = startEventFinalizer({ db: database.db, logger })
  const lostIngest = startLostIngestSweep({ db: database.db, hub, logger })
  const windowSweep = startWindowSweep({ db: database.db, hub, logger })
  const grades = startGradeAggregator({ db: database.db, logger })
  const missions = startMissionCatalogue({ db: database.db, logger })
  const notices = startNoticeFanout({ db: database.db, logger })
  const analyze = startAnalyze({ db: database.db, engine: database.engine, logger })
  const port = (http.address() as AddressInfo).port
  const url = `http://${config.host}:${port}`
  // Web Push (issue #41): only with the site's VAPID keys; without them no device subscribes.
  const vapid = config.webPush.vapid
  const pushes = vapid
    ? startPushSender({
        db: database.db,
        logger,
        transport: webPushTransport(vapid, {
          policy: config.webPush.policy,
          deadlineMs: config.webPush.deadlineMs,
        }),
        origin: config.publicOrigin ?? url,
        concurrency: config.webPush.concurrency,
        ttlSeconds: config.webPush.ttlSeconds,
      })
    : null
  logger.info('listening', {
    url,
    engine: database.engine,
    maintenance: config.maintenance,
    demoBotsPerMinute: config.demoBotsPerMinute,
    bus: config.busUrl ? new URL(config.busUrl).protocol.replace(':', '') : 'in-process',
    startupMs: Date.now() - started,
  })

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      logger.info('shutting down', { inFlight })
      draining = true
      // No new connections. Not http.close(): it would also close idle keep-alive connections,
      // one of which a balancer may be sending a request on at that very moment.
      const stopped = new Promise<void>((resolve) => {
        net.Server.prototype.close.call(http, () => resolve())
      })
      await bots.stop()
      await orderSweeper.stop()
      await purge.stop()
      await finalizer.stop()
      await lostIngest.stop()
      await windowSweep.stop()
      await grades.stop()
      await missions.stop()
      await notices.stop()
      await pushes?.stop()
      await analyze.stop()
      await mail.stop()
      // Requests in flight finish first: what they committed is still published on the bus.
      if (inFlight > 0) {
        const idle = new Promise<void>((resolve) => (drained = resolve))
        const timeout = new Promise<void>((resolve) =>
          setTimeout(resolve, config.shutdownGraceMs).unref(),
        )
        await Promise.race([idle, timeout])
      }
      // Idle keep-alive connections: the balancer lets them go on its own keepalive timeout.
      if (connections.size > 0 && config.shutdownLingerMs > 0) {
        const gone = new Promise<void>((resolve) => (allClosed = resolve))
        const timeout = new Promise<void>((resolve) =>
          setTimeout(resolve, config.shutdownLingerMs).unref(),
        )
        await Promise.race([gone, timeout])
      }
      http.closeAllConnections()
      // Then the sockets and the bus; the HTTP server is stopped once its sockets are gone.
      await presence.stop()
      await metrics?.close()
      for (const stop of unobserve) stop()
      await hub.close()
      await stopped
      await database.close()
      logger.info('stopped')
    })())

  running.close = close
  return {
    url,
    port,
    database,
    http,
    hub,
    close,
    metricsPort: metrics?.port,
    reportError: (error, context) => reportServerError(errors, error, context),
  }
}
