import { defineConfig } from 'vitest/config'

// The browser suite: builds the SPA, starts the real server (as `npm start` does) and drives
// Debian's Chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
