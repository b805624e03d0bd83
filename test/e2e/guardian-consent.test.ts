import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { logIn, openBrowser, type Session } from './browser.ts'

let child: Session
beforeEach(async () => {
  child = await openBrowser({ phone: true })
})
afterEach(async () => {
  await child.close()
})

const base = () => inject('baseUrl')
const PAID_GACHA = 2

/** A paid draw through the API, as the gacha page sends it: the status and the message. */
const paidDraw = (page: Page) =>
  page.evaluate(async (gachaId) => {
    const { csrf_token } = (await (await fetch('/api/csrf_token')).json()) as {
      csrf_token: string
    }
    const body = new URLSearchParams({ draw_count: '1', csrf_token })
    const response = await fetch(`/api/gachas/${gachaId}/draw`, { method: 'POST', body })
    const answer = (await response.json()) as { errors?: Array<{ error_user_msg: string }> }
    return { status: response.status, message: answer.errors?.[0]?.error_user_msg ?? null }
  }, PAID_GACHA)

describe('a user under 13 and their guardian’s consent (issue #28 point 4)', () => {
  it('is gated to the consent page, refused paid draws, and goes through once a guardian agrees', async () => {
    const page = child.page
    await logIn(page, 'demo_child')

    // The age gate sends the child from /ranking to the consent page.
    await page.goto(base() + '/ranking')
    await page.getByRole('heading', { level: 1, name: '保護者の同意' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/legal_representative_agreement')

    // A paid draw is refused on the server before consent, with its message.
    const refused = await paidDraw(page)
    expect(refused).toEqual({
      status: 403,
      message: '13歳未満の方は、保護者の同意を得るまで有料の機能を利用できません。',
    })

    // The guardian fills the form, reads it over, and records the consent.
    await page.getByLabel('保護者の方のお名前').fill('デモ 保護者')
    await page.getByRole('radio', { name: '親権者（父・母）' }).check()
    await page.getByRole('checkbox', { name: '上記の内容を確認し、保護者として同意します' }).check()
    await page.getByRole('button', { name: '確認へ進む' }).click()
    await page.getByRole('heading', { level: 2, name: '入力内容の確認' }).waitFor()
    await page.getByText('デモ 保護者').waitFor()
    await page.getByRole('button', { name: '同意を登録する' }).click()

    // On to the page the gate held back, which now opens; /mypage shows who agreed.
    await page.waitForURL((url) => url.pathname === '/ranking')
    await page.goto(base() + '/mypage')
    const row = page.getByTestId('mypage-guardian')
    await row.waitFor()
    expect(await row.textContent()).toContain('デモ 保護者')

    // The paid draw now goes through.
    const drawn = await paidDraw(page)
    expect(drawn).toEqual({ status: 200, message: null })
  })
})
