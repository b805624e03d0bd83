/**
 * Social login in Chromium (issue #28): oauth2-mock-server plays X on the port global-setup gave
 * the site (TWITTER_*_URL); the browser follows the real redirects — our sign_up, the provider's
 * authorize (it consents at once), our callback — and the app finishes from the result.
 */
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser, type Session } from './browser.ts'

let provider: OAuth2Server
let session: Session
const base = () => inject('baseUrl')
const suffix = Date.now().toString(36)

beforeAll(async () => {
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(inject('oauthPort'), '127.0.0.1')
})
afterAll(() => provider.stop())
beforeEach(async () => {
  session = await openBrowser()
})
afterEach(() => session.close())

/** The next user-info answer names this X account. */
function asXUser(id: string, name: string) {
  provider.service.once('beforeUserinfo', (response: { body: unknown }) => {
    response.body = { data: { id, name, username: id } }
  })
}

async function clickXLogin() {
  const { page } = session
  await page.goto(base() + '/')
  await page.getByRole('button', { name: 'ログイン', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'ログイン' })
    .getByRole('link', { name: 'Twitterでログイン' })
    .click()
}

describe('social login in Chromium', () => {
  it('signs up through X with a chosen account_id, then logs in with the X button', async () => {
    const { page } = session
    asXUser(`x-new-${suffix}`, 'Xの新人')
    await page.goto(base() + '/social/twitter/sign_up?type=register')
    const dialog = page.getByRole('dialog', { name: 'Twitter/Facebookで登録' })
    await dialog.getByLabel('アカウントID').fill(`x_${suffix}`)
    await dialog.getByRole('button', { name: '登録する' }).click()
    await page.getByRole('link', { name: /Xの新人/ }).waitFor()
    expect(page.url()).not.toContain('social=')

    await session.context.clearCookies()
    asXUser(`x-new-${suffix}`, 'Xの新人')
    await clickXLogin()
    await page.getByRole('link', { name: /Xの新人/ }).waitFor()
  })

  it('opens the login modal when the X account has no Kirari account', async () => {
    asXUser(`x-stranger-${suffix}`, '知らない人')
    await clickXLogin()
    await session.page.getByRole('dialog', { name: 'ログイン' }).waitFor()
    expect(session.page.url()).not.toContain('result=')
  })

  it('links X to a logged-in account', async () => {
    const { page } = session
    await page.goto(base() + '/')
    const csrf = (await (await page.request.get(base() + '/api/csrf_token')).json()) as {
      csrf_token: string
    }
    await page.request.get(base() + '/api/captcha')
    const signUp = await page.request.post(base() + '/user/sign_up', {
      headers: { 'x-csrf-token': csrf.csrf_token },
      data: {
        account_id: `x_link_${suffix}`,
        password: 'e2e-password-1',
        password_confirm: 'e2e-password-1',
        name: 'リンクする人',
        captcha_word: 'kirari',
      },
    })
    expect(signUp.ok()).toBe(true)
    asXUser(`x-link-${suffix}`, 'リンク先')
    await page.goto(base() + '/social/twitter/sign_up?type=link')
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('social='))
    const account = (await (await page.request.get(base() + '/api/account/')).json()) as {
      twitter_auth: boolean
    }
    expect(account.twitter_auth).toBe(true)
  })

  it('shows the system error when X refuses the code', async () => {
    provider.service.once('beforeResponse', (response: { statusCode: number; body: unknown }) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant' }
    })
    await clickXLogin()
    await session.page
      .getByText('システムエラーが発生しました。時間をおいて再度お試しください。')
      .waitFor()
  })
})
