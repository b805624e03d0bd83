import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Unit, model, view and server tests. The browser suite has its own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['test/model/walks-setup.ts', 'test/server/templates-setup.ts'],
    // Generous: some tests start a server of their own, slow on a loaded 2-core machine.
    testTimeout: 45_000,
    hookTimeout: 60_000,
    // Server suites each start PGlite; two workers suit the two cores.
    maxWorkers: 2,
    // A test that reads back what a slow socket was sent forces a collection between (gc()).
    execArgv: ['--expose-gc'],
  },
})
