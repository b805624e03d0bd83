import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'

export interface Session {
  context: BrowserContext
  page: Page
  /** Console errors and page errors seen so far (CSP violations show up here). */
  errors: string[]
  close(): Promise<void>
}

/** A fresh Chromium profile, as a first-time visitor with a Japanese browser. */
export async function openBrowser(options: { locale?: string } = {}): Promise<Session> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: inject('chromium'),
    headless: true,
    locale: options.locale ?? 'ja-JP',
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  // Fail a step with the locator's name long before the test's own 30 s limit.
  context.setDefaultTimeout(8_000)
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return {
    context,
    page,
    errors,
    async close() {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    },
  }
}
