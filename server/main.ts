import { ConfigError, loadConfig } from './config.ts'
import { consoleLogger } from './logger.ts'
import { startMediaChild } from './media-child.ts'
import { startServer, type RunningServer } from './server.ts'

const logger = consoleLogger()

// Signal handlers go in first: a SIGTERM that arrives while the database is still opening
// must still end in a clean shutdown, not the default instant kill.
let server: RunningServer | undefined
let media: { stop(): Promise<void> } | undefined
const stopping = { requested: false }
const stop = () => {
  stopping.requested = true
  if (!server) return
  const running = server
  Promise.resolve(media?.stop())
    .then(() => running.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error: String(error) })
        process.exit(1)
      },
    )
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
// A promise nobody awaited failed: logged and recorded with the server's errors (issue #26). The
// process keeps serving, as one stray rejection in a background push must not end every stream.
process.on('unhandledRejection', (reason) => {
  logger.error('unhandled rejection', {
    error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
  })
  void server?.reportError(reason, { kind: 'unhandled_rejection' })
})

try {
  const config = loadConfig()
  if (config.demo) {
    logger.info(
      'the local demo (KIRARI_DEMO=1): dev pages, the sandbox payment page and the demo seed may be on; never expose it',
    )
  }
  server = await startServer(config, { logger })
  // `npm start`: the media host beside it, so the demo takes lives from browsers (and OBS).
  if (process.env.KIRARI_MEDIA === '1') {
    media = startMediaChild(server.url, config.mediaPort, logger)
  }
  if (stopping.requested) stop()
} catch (error) {
  if (error instanceof ConfigError) {
    logger.error(`configuration error: ${error.message}`)
  } else {
    logger.error('failed to start', { error: error instanceof Error ? error.stack : String(error) })
  }
  process.exit(1)
}
