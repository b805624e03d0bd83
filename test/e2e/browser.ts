import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_ARGS } from './chromium.ts'

export interface Session {
  context: BrowserContext
  page: Page
  /** Console errors and page errors seen so far (CSP violations show up here). */
  errors: string[]
  close(): Promise<void>
}

/** A fresh Chromium profile, as a first-time visitor with a Japanese browser. */
export async function openBrowser(
  options: { locale?: string; phone?: boolean; camera?: boolean } = {},
): Promise<Session> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: inject('chromium'),
    headless: true,
    locale: options.locale ?? 'ja-JP',
    // A phone is Chromium's mobile emulation at 390×844 with touch; otherwise a laptop window.
    ...(options.phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
    // A liver's browser: Chromium's fake camera and microphone, allowed without a prompt.
    args: options.camera
      ? [
          ...CHROMIUM_ARGS,
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          '--autoplay-policy=no-user-gesture-required',
        ]
      : CHROMIUM_ARGS,
    ...(options.camera ? { permissions: ['camera', 'microphone'] } : {}),
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

/** Logs a demo account in from the home page, with the test captcha word. */
export async function logIn(page: Page, accountId = 'demo_viewer') {
  await page.goto(inject('baseUrl') + '/')
  await page.getByRole('button', { name: 'ログイン', exact: true }).click()
  const login = page.getByRole('dialog', { name: 'ログイン' })
  await login.getByLabel('アカウントID').fill(accountId)
  await login.getByLabel('パスワード').fill('kirari-demo')
  await login.getByLabel('画像の文字').fill('kirari')
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/user/login', {
    timeout: 25_000,
  })
  await login.getByRole('button', { name: 'ログインする' }).click()
  // The password check is deliberately slow (scrypt), and suites log several browsers in on two
  // cores: the answer may take a while. A refusal says what the server said.
  const answer = await answered
  const body = await answer.text().catch(() => '')
  if (!answer.ok() || body.includes('"error"')) {
    throw new Error(`${accountId} was not logged in: ${answer.status()} ${body}`)
  }
  // Logged in: the header's notices link is there (logging out sits in the phone's menu).
  await page.getByTestId('header-notice').waitFor({ timeout: 15_000 })
}

/** Whether demo_liver_room is on air, asked as the page's own session would. */
export async function roomIsLive(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const answer = await fetch('/api/room/status?room_url_key=demo_liver_room')
    return ((await answer.json()) as { is_live?: boolean }).is_live === true
  })
}
