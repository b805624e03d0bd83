import { publicOrigin } from './caller.ts'
import { ReadCache } from './read-cache.ts'
import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ServerConfig } from './config.ts'
import type { AppEnv, Logger } from './env.ts'
import { isDatabaseUnavailable, type Db } from './db/index.ts'
import { ApiError, errorBody, messages } from './errors.ts'
import { accountRoutes, captchaImageRoutes } from './api/account.ts'
import { devRoutes } from './api/dev.ts'
import {
  COLLECTOR_BODY_LIMIT,
  httpMetrics,
  isCollectorPath,
  observabilityRoutes,
} from './api/observability.ts'
import { reportServerError, type ErrorSink } from './services/observability/errors.ts'
import { routePath } from 'hono/route'
import { encoderRoutes } from './api/encoder.ts'
import { imageRoutes } from './api/images.ts'
import { backgroundImageRoutes } from './api/background-images.ts'
import { roomBackgroundRoutes } from './api/room-backgrounds.ts'
import { liverThemeImageRoutes, liverThemeRoutes } from './api/liver-themes.ts'
import { adMediaRoutes, mediaRoutes } from './api/media.ts'
import { adRewardRoutes, gachaRoutes } from './api/gachas.ts'
import { eventRoutes } from './api/event.ts'
import { eventEntryRoutes } from './api/event-entry.ts'
import { organizerEventRoutes } from './api/organizer-events.ts'
import { eventListRoutes } from './api/event-lists.ts'
import { rankingRoutes } from './api/ranking.ts'
import { siteDialogRoutes } from './api/site-dialog.ts'
import { animationRoutes } from './api/animations.ts'
import { virtualLiverRoutes } from './api/virtual-liver.ts'
import { liveViewerRoutes } from './api/live-viewer.ts'
import { reportRoutes } from './api/reports.ts'
import { roomLiveCheckRoutes, roomRoutes } from './api/room.ts'
import { roomProfileRoutes } from './api/room-profile.ts'
import { standingRoutes } from './api/standing.ts'
import { missionRoutes } from './api/mission.ts'
import { followRoutes } from './api/follow.ts'
import { inquiryRoutes } from './api/inquiry.ts'
import { invoiceRoutes } from './api/invoice.ts'
import { organizerApplicationRoutes } from './api/organizer-application.ts'
import { navigatorRoutes } from './api/navigator.ts'
import { partyRoutes } from './api/parties.ts'
import { avatarRoutes } from './api/avatar.ts'
import { jewelRoutes } from './api/jewel.ts'
import { termsRoutes } from './api/terms.ts'
import { guardianRoutes } from './api/guardian.ts'
import { noticeRoutes } from './api/notice.ts'
import { webPushRoutes } from './api/web-push.ts'
import { searchRoutes } from './api/search.ts'
import { liveTagRoutes } from './api/live-tags.ts'
import { standingImageRoutes } from './api/standing-images.ts'
import { socialRoutes } from './api/social.ts'
import { userRoutes } from './api/user.ts'
import { langRoutes } from './api/lang.ts'
import { liveRoutes } from './api/live.ts'
import { ingestRoutes } from './api/ingest.ts'
import { sessionRoutes } from './api/session.ts'
import { settingsRoutes } from './api/settings.ts'
import { ecRoutes } from './api/ec.ts'
import { paymentRoutes } from './api/payment.ts'
import { paymentSandboxRoutes } from './api/payment-sandbox.ts'
import { povoEcRoutes } from './api/povo-ec.ts'
import { shopImageRoutes } from './api/shop-images.ts'
import { paymentProvider } from './services/payments.ts'
import type { PaymentProvider } from './services/payment-provider.ts'
import type { PushHub } from './broadcast/hub.ts'
import { securityHeaders } from './security.ts'
import { refuseRawText, requireCsrf } from './request.ts'
import { giftRoutes, giftSettingRoutes } from './api/gifts.ts'
import { obsRoutes, rtmpCallbackRoutes } from './api/obs.ts'
import { whipRoutes } from './api/whip.ts'
import { localOutbox } from './services/outbox.ts'
import type { MessageProvider } from './services/message-provider.ts'
import { roomPage } from './room-page.ts'
import { legacyRoomRedirect, profileRedirect, withShareMetadata } from './share.ts'
import { campaignImageRoutes, campaignRoutes } from './api/campaign.ts'
import { openApiRoutes } from './api/openapi.ts'
import { serveFile, spaIndex } from './static.ts'
import { idempotencyKey } from './idempotency.ts'

export interface AppDeps {
  db: Db
  config: ServerConfig
  logger: Logger
  /** SMS and mail; the local outbox unless a real provider is given. */
  messages?: MessageProvider
  /** The push socket hub comments and gifts are published to. */
  hub: PushHub
  /** The payment provider; otherwise the one PAYMENT_PROVIDER names. */
  payments?: PaymentProvider | null
  /** Where server errors are recorded; the collector's store (with this db) when not given. */
  errors?: ErrorSink
}

/** Prefixes answered by the server itself; everything else is the SPA. */
const SERVER_PREFIXES = [
  '/api/',
  '/sr/',
  '/img/',
  '/user/',
  '/social/',
  '/captcha/',
  '/dev/api/',
  '/hls/',
  '/payment/sandbox/',
  '/whip/',
]

/** The app's own pages under a server prefix (SPEC §2 routes): the SPA answers them. */
const APP_PAGES_UNDER_SERVER_PREFIXES = ['/user/medal']

/** The whole HTTP surface: API, message files, generated images, static files and the SPA. */
export function createApp(deps: AppDeps) {
  const { db, config, logger, messages: provider, hub, payments } = deps
  const errors = deps.errors ?? { db, logger, config: config.observability }
  const app = new Hono<AppEnv>()
  const index = spaIndex(config.distDir)
  const cache = new ReadCache(config.readCacheMs)
  const outgoing = provider ?? localOutbox(db, logger)
  const payer = payments === undefined ? paymentProvider(config.paymentProvider, db) : payments

  app.use('*', httpMetrics)
  app.use('*', securityHeaders(config.analyticsOrigins))
  // Before anything reads a body (CSRF, parsing): a larger one is refused unread. The error
  // collector takes larger envelopes (a page load's trace) up to its own limit.
  const limit = (maxSize: number): MiddlewareHandler<AppEnv> =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        c.header('Connection', 'close')
        return c.json(errorBody(messages.bodyTooLarge, { errorType: 'BODY_TOO_LARGE' }), 413)
      },
    })
  const siteLimit = limit(config.bodyLimitBytes)
  const collectorLimit = limit(Math.max(config.bodyLimitBytes, COLLECTOR_BODY_LIMIT))
  const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) =>
    isCollectorPath(c.req.path) ? collectorLimit(c, next) : siteLimit(c, next)
  app.use('*', bodyLimits)
  app.use('*', async (c, next) => {
    c.set('db', db)
    c.set('config', config)
    c.set('logger', logger)
    c.set('messages', outgoing)
    c.set('hub', hub)
    c.set('cache', cache)
    c.set('payments', payer)
    // PUBLIC_ORIGIN; only the local demo (which may have none) takes the address it was asked on.
    c.set('origin', config.publicOrigin ?? new URL(c.req.url).origin)
    await next()
    // Whatever a write changed, shared reads are loaded again (after it, so a read during the
    // write cannot keep the old state).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') cache.clear()
  })
  // Health, /metrics and the error and vitals intakes: before maintenance and CSRF (see there).
  app.route('/', observabilityRoutes())
  const maintenanceGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.header('Cache-Control', 'no-store')
    if (config.maintenance) return c.json(errorBody(messages.maintenance), 503)
    await next()
  }
  app.use('/api/*', maintenanceGuard)
  app.use('/social/*', maintenanceGuard)
  app.use('/user/*', maintenanceGuard)
  // No NUL in a call's path or query (bodies: readBody); then the session's CSRF token on every
  // state-changing call (403 without).
  for (const prefix of ['/api/*', '/user/*', '/social/*']) app.use(prefix, refuseRawText)
  for (const prefix of ['/api/*', '/user/*', '/social/*']) app.use(prefix, requireCsrf)
  // A call sent with an Idempotency-Key runs once for its caller; its retries get its answer.
  app.use('/api/*', idempotencyKey)

  app.route('/api', sessionRoutes())
  app.route('/api', accountRoutes())
  app.route('/user', userRoutes())
  app.route('/social', socialRoutes())
  app.route('/captcha', captchaImageRoutes())
  app.route('/dev/api', devRoutes())
  app.route('/api', settingsRoutes())
  app.route('/api', roomRoutes())
  app.route('/room', roomLiveCheckRoutes())
  app.route('/api', roomProfileRoutes())
  app.route('/api/live', liveRoutes())
  app.route('/api/live', giftRoutes())
  app.route('/api/live', liveViewerRoutes())
  app.route('/api/live', ingestRoutes())
  app.route('/user', giftSettingRoutes())
  app.route('/api/encoder', encoderRoutes())
  app.route('/api', obsRoutes())
  app.route('/media/rtmp', rtmpCallbackRoutes())
  app.route('/', whipRoutes())
  app.route('/media/ads', adMediaRoutes())
  app.route('/api/bad_report', reportRoutes())
  app.route('/api', gachaRoutes())
  app.route('/api/event', eventRoutes())
  app.route('/api', eventEntryRoutes())
  app.route('/api/organizer/events', organizerEventRoutes())
  app.route('/', eventListRoutes())
  app.route('/api/genre_ranking', rankingRoutes())
  app.route('/api', siteDialogRoutes())
  app.route('/api', animationRoutes())
  app.route('/api/virtual_liver', virtualLiverRoutes())
  app.route('/api', standingRoutes())
  app.route('/api', missionRoutes())
  app.route('/api', followRoutes())
  app.route('/api', invoiceRoutes())
  app.route('/api', organizerApplicationRoutes())
  app.route('/api', navigatorRoutes())
  app.route('/api', partyRoutes())
  app.route('/api', roomBackgroundRoutes())
  app.route('/api', liverThemeRoutes())
  app.route('/api', avatarRoutes())
  app.route('/api', jewelRoutes())
  app.route('/api', termsRoutes())
  app.route('/api', guardianRoutes())
  app.route('/api', inquiryRoutes())
  app.route('/api', noticeRoutes())
  app.route('/api', webPushRoutes())
  app.route('/api/search', searchRoutes())
  app.route('/api', liveTagRoutes())
  app.route('/api/ad_reward', adRewardRoutes())
  app.route('/api/povo_ec', povoEcRoutes())
  app.route('/api/payment', paymentRoutes())
  app.route('/api/ec', ecRoutes())
  app.route('/api', campaignRoutes())
  app.route('/api', openApiRoutes())
  app.route('/payment/sandbox', paymentSandboxRoutes())
  app.route('/sr/lang', langRoutes(config.i18nDir))
  app.route('/img', imageRoutes())
  app.route('/img', backgroundImageRoutes())
  app.route('/img', liverThemeImageRoutes())
  app.route('/img', shopImageRoutes())
  app.route('/img', standingImageRoutes())
  app.route('/img', campaignImageRoutes())
  app.route('/hls', mediaRoutes())

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const urlPath = c.req.path
    const appPage = APP_PAGES_UNDER_SERVER_PREFIXES.includes(urlPath.replace(/\/$/, ''))
    if (!appPage && SERVER_PREFIXES.some((p) => urlPath.startsWith(p))) return next()
    const file = await serveFile(c, [config.distDir, config.publicDir], urlPath)
    if (file) return file
    // A missing file with an extension (a stale asset) is a real 404, not the SPA.
    if (/\.[a-z0-9]+$/i.test(urlPath)) return next()
    const legacy =
      (await legacyRoomRedirect(db, urlPath)) ??
      (await profileRedirect(db, urlPath, c.req.query('room_id')))
    if (legacy) return c.redirect(legacy, 301)
    const html = await index()
    if (html === null) {
      return c.text('The client is not built yet: run `npm run build` (npm start does it).', 503)
    }
    c.header('Cache-Control', 'no-cache')
    const room = await roomPage(c, html, urlPath, publicOrigin(c))
    if (room) {
      c.set('scriptHashes', room.scriptHashes)
      return c.html(room.html, room.status)
    }
    return c.html(await withShareMetadata(db, html, urlPath, publicOrigin(c), config.i18nDir))
  })

  app.notFound((c) => c.json(errorBody(messages.notFound), 404))

  // One line a second at most while the database is away, however many requests find it so.
  let unavailableLoggedAt = 0
  const unavailableLog = (error: Error) => {
    if (Date.now() - unavailableLoggedAt < 1_000) return
    unavailableLoggedAt = Date.now()
    logger.error('database unavailable', { error: error.message })
  }
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status)
    if (error instanceof HTTPException) {
      const status = error.status
      return c.json(errorBody(status === 400 ? messages.invalidParameter : error.message), status)
    }
    // The database cannot be reached now (refused, restarting, a failover): a 503 the app shows
    // as its retry state, not a server error; the next request may find it back.
    if (isDatabaseUnavailable(error)) {
      unavailableLog(error)
      c.header('Retry-After', '5')
      return c.json(errorBody(messages.databaseAway, { errorType: 'DATABASE_UNAVAILABLE' }), 503)
    }
    logger.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
    const where = { kind: 'http', method: c.req.method, route: routePath(c) || '*' }
    void reportServerError(errors, error, where)
    return c.json(errorBody(messages.system), 500)
  })

  return app
}
