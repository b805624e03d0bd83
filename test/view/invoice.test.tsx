// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { InvoiceAnswer, InvoiceBody } from '../../src/contract/invoice.ts'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { INVOICE_NUMBER_MESSAGES } from '../../src/domain/invoice.ts'
import { translate } from '../../src/effects/i18n.ts'
import { account, user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const lost: ApiFailure = { kind: 'network', status: null }
const addressRefused: ApiFailure = {
  kind: 'server',
  status: 400,
  message: null,
  errorType: null,
  redirectUrl: null,
  fieldErrors: { address: '住所は200文字までです。' },
}
// 国税庁's own registration number (its corporate number 7000012050002).
const registered: InvoiceAnswer = {
  invoice: {
    registration_number: 'T7000012050002',
    name: 'きらり商店',
    address: '東京都港区1-2-3',
    updated_at: Date.UTC(2026, 10, 3, 15, 30) / 1000,
  },
}

/**
 * The site with an invoice API for `holder` that starts with `stored`: `save` answers each update
 * (a failure is thrown as one).
 */
function site(
  save: (body: InvoiceBody) => InvoiceAnswer | ApiFailure,
  options: { holder?: 'user' | 'organizer'; stored?: InvoiceAnswer; routes?: Routes } = {},
) {
  const holder = options.holder ?? 'user'
  let stored = options.stored ?? { invoice: null }
  const api = fakeApi({
    '/api/current_user': user({ is_organizer: holder === 'organizer' }),
    '/api/live/onlive_num': { num: 1 },
    [`/api/${holder}/invoice/init`]: () => stored,
    ...options.routes,
  })
  const posted: InvoiceBody[] = []
  api.postJson = <T,>(path: string, body?: unknown) => {
    expect(path).toBe(`/api/${holder}/invoice/update`)
    posted.push(body as InvoiceBody)
    const answer = save(body as InvoiceBody)
    if ('kind' in answer) return Promise.reject<T>(new ApiRequestError(answer))
    stored = answer
    return Promise.resolve(answer as T)
  }
  return { api, posted }
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } })
const save = () => fireEvent.click(screen.getByRole('button', { name: '保存する' }))

function fillForm(number: string) {
  fill('登録番号', number)
  fill('氏名または名称', 'きらり商店')
  fill('住所', '東京都港区1-2-3')
}

describe('invoice pages', () => {
  it('says 未登録 with what the registration is for, and leads to the form', async () => {
    const { api } = site(() => registered)
    const rendered = renderApp('/invoice', api)
    expect((await screen.findByTestId('invoice-status')).textContent).toBe('未登録')
    expect(screen.getByText(/適格請求書発行事業者として登録されている方は/)).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: '登録する' }))
    await screen.findByRole('heading', { level: 1, name: 'インボイス登録情報の入力' })
    expect(rendered.router.state.location.pathname).toBe('/invoice/post')
    expect(screen.getByText('T＋13桁').id).toBe('invoice-registration_number-hint')
  })

  it('shows a bad number’s message by its field, focuses it and keeps the text; nothing is sent', async () => {
    const { api, posted } = site(() => registered)
    renderApp('/invoice/post', api)
    await screen.findByRole('heading', { level: 1, name: 'インボイス登録情報の入力' })
    fillForm('T7000012050003')
    save()
    const message = await screen.findByText(INVOICE_NUMBER_MESSAGES.checkDigit)
    const number = input('登録番号')
    expect(number.value).toBe('T7000012050003')
    expect(number.getAttribute('aria-invalid')).toBe('true')
    expect(number.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    expect(document.activeElement).toBe(number)
    expect(input('氏名または名称').value).toBe('きらり商店')
    expect(input('氏名または名称').getAttribute('aria-invalid')).toBeNull()
    expect(posted).toEqual([])
    // Typing in it takes the message away.
    fill('登録番号', 'T7000012050002')
    expect(screen.queryByText(INVOICE_NUMBER_MESSAGES.checkDigit)).toBeNull()
  })

  it('shows the server’s field errors by their fields and keeps every text', async () => {
    const { api, posted } = site(() => addressRefused)
    renderApp('/invoice/post', api)
    await screen.findByRole('heading', { level: 1, name: 'インボイス登録情報の入力' })
    fillForm('Ｔ７０００ ０１２－０５０００２')
    save()
    const message = await screen.findByText('住所は200文字までです。')
    const address = input('住所')
    expect(address.getAttribute('aria-describedby')).toBe(message.id)
    await waitFor(() => expect(document.activeElement).toBe(address))
    expect(address.value).toBe('東京都港区1-2-3')
    expect(input('登録番号').value).toBe('Ｔ７０００ ０１２－０５０００２')
    expect(posted).toEqual([
      {
        registration_number: 'Ｔ７０００ ０１２－０５０００２',
        name: 'きらり商店',
        address: '東京都港区1-2-3',
      },
    ])
  })

  it('keeps the form through a lost connection, sends it again, and shows 登録済み on /invoice', async () => {
    let answers: Array<InvoiceAnswer | ApiFailure> = [lost, registered]
    const { api, posted } = site(() => {
      const [answer, ...rest] = answers
      answers = rest
      if (!answer) throw new Error('no more answers')
      return answer
    })
    const rendered = renderApp('/invoice/post', api)
    await screen.findByRole('heading', { level: 1, name: 'インボイス登録情報の入力' })
    fillForm('T7000012050002')
    save()
    expect((await screen.findByText(/保存できませんでした/)).textContent).toContain('そのまま')
    expect(input('登録番号').value).toBe('T7000012050002')
    expect(input('住所').value).toBe('東京都港区1-2-3')
    fireEvent.click(screen.getByRole('button', { name: 'もう一度送信する' }))

    expect((await screen.findByTestId('invoice-status')).textContent).toBe('登録済み')
    expect(rendered.router.state.location.pathname).toBe('/invoice')
    expect(screen.getByTestId('invoice-number').textContent).toBe('T7000012050002')
    expect(screen.getByText('東京都港区1-2-3')).toBeTruthy()
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'invoice.saved' })
    expect(translate('ja', 'invoice.saved')).toBe('登録情報を保存しました')
    expect(posted).toHaveLength(2)
  })

  it('fills the form from the saved registration, and an organizer edits the organizer’s', async () => {
    const { api } = site(() => registered, { holder: 'organizer', stored: registered })
    renderApp('/invoice/post', api)
    await screen.findByRole('heading', { level: 1, name: 'インボイス登録情報の入力' })
    expect(input('登録番号').value).toBe('T7000012050002')
    expect(input('氏名または名称').value).toBe('きらり商店')
    expect(screen.getByText('主催者アカウントの登録情報です。')).toBeTruthy()
    expect(api.calls).toContain('/api/organizer/invoice/init')
    expect(api.calls).not.toContain('/api/user/invoice/init')
  })

  it('is linked from /mypage, and from the organizer’s events for an organizer', async () => {
    const { api } = site(() => registered, { routes: { '/api/account/': account() } })
    const rendered = renderApp('/mypage', api)
    fireEvent.click(await screen.findByRole('link', { name: '登録状況を見る' }))
    expect((await screen.findByTestId('invoice-status')).textContent).toBe('未登録')
    expect(rendered.router.state.location.pathname).toBe('/invoice')
    cleanup()

    const organizer = site(() => registered, {
      holder: 'organizer',
      stored: registered,
      routes: { '/api/organizer/events': { events: [] } },
    })
    renderApp('/organizer/events', organizer.api)
    fireEvent.click(await screen.findByRole('link', { name: 'インボイス登録' }))
    expect((await screen.findByTestId('invoice-status')).textContent).toBe('登録済み')
    expect(screen.getByText('主催者アカウントの登録情報です。')).toBeTruthy()
  })
})
