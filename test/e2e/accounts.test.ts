import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, type Session } from './browser.ts'

let session: Session
beforeEach(async () => {
  session = await openBrowser()
})
afterEach(async () => {
  await session.close()
})

const base = () => inject('baseUrl')
const accountId = `e2e_${Date.now().toString(36)}`

describe('accounts in Chromium', () => {
  it('registers with the captcha, logs out, logs in, and opens my page', async () => {
    const { page } = session
    await page.goto(base() + '/')
    await page.getByRole('button', { name: '新規登録' }).click()
    const dialog = page.getByRole('dialog', { name: '新規登録' })
    const captcha = dialog.getByRole('img', { name: '画像認証の文字' })
    await expect
      .poll(() => captcha.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await dialog.getByLabel('アカウントID').fill(accountId)
    await dialog.getByLabel('ニックネーム').fill('E2Eファン')
    await dialog.getByLabel('パスワード', { exact: true }).fill('e2e-password-1')
    await dialog.getByLabel('パスワード（確認）').fill('e2e-password-1')
    await dialog.getByLabel('画像の文字').fill('kirari')
    await dialog.getByRole('button', { name: '登録する' }).click()

    // The page reloads and the header shows the new user.
    await page.getByRole('link', { name: /E2Eファン/ }).waitFor()
    await page.getByRole('button', { name: 'ログアウト' }).click()
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor()

    await page.getByRole('button', { name: 'ログイン', exact: true }).click()
    const login = page.getByRole('dialog', { name: 'ログイン' })
    await login.getByLabel('アカウントID').fill(accountId)
    await login.getByLabel('パスワード').fill('wrong-password')
    await login.getByLabel('画像の文字').fill('KIRARI')
    await login.getByRole('button', { name: 'ログインする' }).click()
    await login
      .getByRole('alert')
      .filter({ hasText: 'アカウントIDまたはパスワードが正しくありません' })
      .waitFor()
    expect(await login.getByLabel('アカウントID').inputValue()).toBe(accountId)
    await login.getByLabel('パスワード').fill('e2e-password-1')
    await login.getByLabel('画像の文字').fill('kirari')
    await login.getByRole('button', { name: 'ログインする' }).click()
    await page.getByRole('link', { name: /E2Eファン/ }).click()

    await page.waitForURL(/\/mypage$/)
    await page.getByRole('heading', { level: 1, name: 'マイページ' }).waitFor()
    expect(await page.getByTestId('mypage-name').textContent()).toBe('E2Eファン')
    await page.getByLabel('ニックネーム').fill('改名ファン')
    await page.getByLabel('生年月日').fill('2000-04-01')
    await page.getByRole('button', { name: '保存する' }).click()
    await expect.poll(() => page.getByTestId('mypage-name').textContent()).toBe('改名ファン')
    await expect.poll(() => page.getByRole('link', { name: /改名ファン/ }).count()).toBe(1)
    expect(session.errors).toEqual([])
  })

  it('guards /mypage: an anonymous visitor lands on the home page with the login modal', async () => {
    const { page } = session
    await page.goto(base() + '/mypage')
    await page.waitForURL(/\/$/)
    await page.getByRole('dialog', { name: 'ログイン' }).waitFor()
  })

  it('resets a demo password by SMS, reading the code from the outbox', async () => {
    const { page } = session
    await page.goto(base() + '/reset_password/sms')
    await page.getByLabel('アカウントID').fill('demo_viewer')
    await page.getByRole('button', { name: '次へ' }).click()
    await page.getByRole('button', { name: 'SMSを送る' }).click()
    await page.getByLabel('認証コード（6桁）').waitFor()

    const outbox = await session.context.newPage()
    await outbox.goto(base() + '/dev/outbox')
    const sms = outbox.getByTestId('outbox-message').filter({ hasText: '09000000001' }).first()
    const code = /コード: (\d{6})/.exec((await sms.textContent()) ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)

    await page.getByLabel('認証コード（6桁）').fill(code)
    await page.getByLabel('新しいパスワード').fill('kirari-demo')
    await page.getByLabel('パスワード（確認）').fill('kirari-demo')
    await page.getByRole('button', { name: 'パスワードを変更する' }).click()
    await page.getByRole('status').filter({ hasText: 'パスワードを変更しました' }).waitFor()
  })
})
