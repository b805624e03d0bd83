import { chromium, type Browser } from 'playwright-core'
import { loadConfig } from '../server/config.ts'
import { silentLogger } from '../server/logger.ts'
import { startServer, type RunningServer } from '../server/server.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/e2e/chromium.ts'

/** The demo site in this process (built SPA, PGlite in memory, no bots) and a headless Chromium. */
export async function startBenchSite(): Promise<{ server: RunningServer; browser: Browser }> {
  const server = await startServer(
    loadConfig({
      KIRARI_DEMO: '1',
      PORT: '0',
      DATA_DIR: 'memory://',
      DEMO_BOTS_PER_MINUTE: '0',
    }),
    { logger: silentLogger },
  )
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  })
  return { server, browser }
}
