import { ConfigError, loadConfig } from './config.ts'
import { consoleLogger } from './logger.ts'
import { startServer } from './server.ts'

const logger = consoleLogger()

try {
  const config = loadConfig()
  if (config.production && config.seedDemo && !process.env.SEED_DEMO) {
    logger.info('demo seed is on by default with PGlite; set SEED_DEMO=0 for a real deployment')
  }
  const server = await startServer(config, { logger })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error: String(error) })
          process.exit(1)
        },
      )
    })
  }
} catch (error) {
  if (error instanceof ConfigError) {
    logger.error(`configuration error: ${error.message}`)
  } else {
    logger.error('failed to start', { error: error instanceof Error ? error.stack : String(error) })
  }
  process.exit(1)
}
