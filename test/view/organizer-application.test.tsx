// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import type {
  OrganizerApplication,
  OrganizerApplicationAnswer,
  OrganizerApplicationBody,
} from '../../src/contract/organizer-application.ts'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { INVOICE_NUMBER_MESSAGES } from '../../src/domain/invoice.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const application: OrganizerApplication = {
  id: 4,
  status: 'pending',
  company_name: '株式会社きらり',
  contact_name: '山田 花子',
  contact_mail: 'events@kirari.example',
  contact_phone: '0312345678',
  invoice_number: null,
  created_at: 1_764_000_000,
  decided_at: null,
  decided_note: '',
}

/** The site with an application API that starts with `stored`; `send` answers each POST. */
function site(
  stored: OrganizerApplicationAnswer,
  send: (body: OrganizerApplicationBody) => OrganizerApplicationAnswer | ApiFailure,
) {
  const api = fakeApi({
    '/api/current_user': user({ is_organizer: stored.is_organizer }),
    '/api/live/onlive_num': { num: 1 },
    '/api/organizer/application': () => stored,
  })
  const posted: OrganizerApplicationBody[] = []
  api.postJson = <T,>(path: string, body?: unknown) => {
    expect(path).toBe('/api/organizer/application')
    posted.push(body as OrganizerApplicationBody)
    const answer = send(body as OrganizerApplicationBody)
    if ('kind' in answer) return Promise.reject<T>(new ApiRequestError(answer))
    stored = answer
    return Promise.resolve(answer as T)
  }
  return { api, posted }
}

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label)
const fill = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } })

describe('/organizer/register', () => {
  it('checks the form, reviews it, goes back with every value, and sends it', async () => {
    const { api, posted } = site({ application: null, is_organizer: false }, () => ({
      application,
      is_organizer: false,
    }))
    renderApp('/organizer/register', api)
    await screen.findByRole('heading', { level: 1, name: 'イベント主催者のお申し込み' })
    fill(/^会社名・団体名/, '株式会社きらり')
    fill(/^ご担当者名/, '山田 花子')
    fill(/^ご連絡先メールアドレス/, 'events@kirari.example')
    fill(/^電話番号/, '03-1234-5678')
    fill(/^インボイス登録番号/, 'T7000012050003')
    expect(input(/^電話番号/).type).toBe('tel')
    expect(input(/^ご連絡先メールアドレス/).autocomplete).toBe('email')
    fireEvent.click(screen.getByRole('button', { name: '確認画面へ' }))
    await screen.findByText(INVOICE_NUMBER_MESSAGES.checkDigit)
    expect(document.activeElement).toBe(input(/^インボイス登録番号/))
    fill(/^インボイス登録番号/, '')
    fireEvent.click(screen.getByRole('button', { name: '確認画面へ' }))
    await screen.findByRole('heading', { level: 2, name: '入力内容の確認' })
    expect(screen.getByTestId('organizer-apply-values').textContent).toContain('（なし）')
    fireEvent.click(screen.getByRole('button', { name: '修正する' }))
    expect(input(/^会社名・団体名/).value).toBe('株式会社きらり')
    expect(input(/^電話番号/).value).toBe('03-1234-5678')
    fireEvent.click(screen.getByRole('button', { name: '確認画面へ' }))
    fireEvent.click(await screen.findByRole('button', { name: '申し込む' }))
    await screen.findByRole('heading', { level: 2, name: 'お申し込みを受け付けました' })
    expect(posted).toEqual([
      {
        company_name: '株式会社きらり',
        contact_name: '山田 花子',
        contact_mail: 'events@kirari.example',
        contact_phone: '03-1234-5678',
        invoice_number: '',
      },
    ])
  })

  it('shows a pending application, not the form', async () => {
    const { api } = site({ application, is_organizer: false }, () => {
      throw new Error('nothing is sent')
    })
    renderApp('/organizer/register', api)
    await screen.findByRole('heading', { level: 2, name: '審査中です' })
    expect(screen.getByTestId('organizer-apply-values').textContent).toContain('株式会社きらり')
    expect(screen.queryByRole('button', { name: '確認画面へ' })).toBeNull()
  })

  it('tells an organizer so, with the way to their events', async () => {
    const approved = { ...application, status: 'approved' as const, decided_at: 1_764_100_000 }
    const { api } = site({ application: approved, is_organizer: true }, () => {
      throw new Error('nothing is sent')
    })
    renderApp('/organizer/register', api)
    await screen.findByRole('heading', { level: 1, name: 'イベント主催者として登録されています' })
    expect(screen.getByText(/「株式会社きらり」として/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'イベント管理へ' }).getAttribute('href')).toBe(
      '/organizer/events',
    )
  })
})
