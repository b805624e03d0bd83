// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { InquiryAnswer, InquiryBody, OpinionBody } from '../../src/contract/inquiry.ts'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { INQUIRY_CATEGORIES, INQUIRY_MESSAGES } from '../../src/domain/inquiry.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

const TOO_MANY = '送信が多すぎます。しばらく時間をおいてから再度お試しください。'
const refused = (
  fieldErrors: Record<string, string>,
  status = 400,
  message: string | null = null,
) =>
  ({
    kind: 'server',
    status,
    message,
    errorType: status === 429 ? 'RATE_LIMITED' : null,
    redirectUrl: null,
    ...(status === 400 ? { fieldErrors } : {}),
  }) satisfies ApiFailure
const typed = {
  category: 'account',
  name: 'あおい',
  mail_address: 'aoi@example.jp',
  body: 'ログインできません。\nパスワードを変えても入れません。',
}

type Answer = InquiryAnswer | { ok: 1 } | ApiFailure

/** The site for an anonymous visitor; `answer` answers each send (a failure is thrown as one). */
function site(answer: (path: string, body: unknown) => Answer) {
  const api = fakeApi({
    '/api/current_user': user({ is_login: false, account_id: '', name: '', birthday: null }),
    '/api/live/onlive_num': { num: 1 },
    '/api/inquiry': {
      categories: INQUIRY_CATEGORIES.map((c) => ({ id: c.id, label: c.label })),
    },
  })
  const posted: Array<{ path: string; body: InquiryBody | OpinionBody }> = []
  api.postJson = <T,>(path: string, body?: unknown) => {
    posted.push({ path, body: body as InquiryBody })
    const reply = answer(path, body)
    if ('kind' in reply) return Promise.reject<T>(new ApiRequestError(reply))
    return Promise.resolve(reply as T)
  }
  return { api, posted }
}

/** A form control by its label (an input, a select or a textarea: each has a value). */
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }))
const heading = (name: string) => screen.findByRole('heading', { level: 1, name })

/** From /inquiry (through the footer) to a filled form on /inquiry/post. */
async function toForm(mail: string) {
  fireEvent.click(await screen.findByRole('link', { name: 'お問い合わせ' }))
  fireEvent.click(await screen.findByRole('radio', { name: 'アカウント・ログイン' }))
  press('次へ')
  await heading('お問い合わせ内容の入力')
  expect(field('お問い合わせの種類').value).toBe('account')
  fill('お名前（任意）', typed.name)
  fill('返信先メールアドレス', mail)
  fill('お問い合わせ内容', typed.body)
}

describe('inquiry pages', () => {
  it('shows a bad mail address’s message by its field, focuses it and keeps the text', async () => {
    const { api, posted } = site(() => ({ ok: 1, inquiry_id: 1 }))
    const rendered = renderApp('/', api)
    await toForm('aoi@example')
    expect(screen.getByText(`${Array.from(typed.body).length} / 2000 文字`)).toBeTruthy()
    press('確認画面へ')
    const message = await screen.findByText(INQUIRY_MESSAGES.mail)
    const mail = field('返信先メールアドレス')
    expect(mail.value).toBe('aoi@example')
    expect(mail.getAttribute('aria-invalid')).toBe('true')
    expect(mail.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    expect(document.activeElement).toBe(mail)
    expect(field('お問い合わせ内容').value).toBe(typed.body)
    expect(rendered.router.state.location.pathname).toBe('/inquiry/post')
    expect(posted).toEqual([])
    fill('返信先メールアドレス', typed.mail_address)
    expect(screen.queryByText(INQUIRY_MESSAGES.mail)).toBeNull()
  })

  it('asks for a kind first, and the review shows what was typed; 修正する keeps it', async () => {
    const { api, posted } = site(() => ({ ok: 1, inquiry_id: 1 }))
    renderApp('/inquiry', api)
    await screen.findByRole('radio', { name: 'その他' })
    press('次へ')
    expect((await screen.findByText(INQUIRY_MESSAGES.category)).id).toBe('inquiry-category-error')
    cleanup()

    const rendered = renderApp('/', api)
    await toForm(typed.mail_address)
    press('確認画面へ')
    await heading('入力内容の確認')
    const review = screen.getByTestId('inquiry-review')
    expect(within(review).getByText('アカウント・ログイン')).toBeTruthy()
    expect(within(review).getByText(typed.name)).toBeTruthy()
    expect(within(review).getByText(typed.mail_address)).toBeTruthy()
    expect(within(review).getByText(/パスワードを変えても入れません/).textContent).toBe(typed.body)

    press('修正する')
    await heading('お問い合わせ内容の入力')
    expect(field('返信先メールアドレス').value).toBe(typed.mail_address)
    expect(field('お問い合わせ内容').value).toBe(typed.body)
    expect(field('お名前（任意）').value).toBe(typed.name)
    expect(posted).toEqual([])
    expect(rendered.router.state.location.pathname).toBe('/inquiry/post')
  })

  it('sends: the receipt number, where its mail went, and the draft forgotten', async () => {
    const { api, posted } = site(() => ({ ok: 1, inquiry_id: 128 }))
    const rendered = renderApp('/', api)
    await toForm(typed.mail_address)
    press('確認画面へ')
    await heading('入力内容の確認')
    expect(JSON.parse(sessionStorage.getItem('kirari_inquiry_draft') ?? 'null')).toEqual(typed)
    press('送信する')
    await heading('お問い合わせを受け付けました')
    expect(screen.getByTestId('inquiry-receipt').textContent).toBe('#128')
    expect(screen.getByText('受付のお知らせを aoi@example.jp にお送りしました。')).toBeTruthy()
    expect(rendered.router.state.location.pathname).toBe('/inquiry/confirm')
    expect(posted).toEqual([{ path: '/api/inquiry', body: typed }])
    expect(sessionStorage.getItem('kirari_inquiry_draft')).toBeNull()
    cleanup()

    // A reload after sending: nothing to review, so the first step.
    const reloaded = renderApp('/inquiry/confirm', api)
    await heading('お問い合わせ')
    await waitFor(() => expect(reloaded.router.state.location.pathname).toBe('/inquiry'))
  })

  it('keeps the draft through a reload of the review', async () => {
    sessionStorage.setItem('kirari_inquiry_draft', JSON.stringify(typed))
    const { api } = site(() => ({ ok: 1, inquiry_id: 1 }))
    renderApp('/inquiry/confirm', api)
    await heading('入力内容の確認')
    expect(await screen.findByText(typed.mail_address)).toBeTruthy()
  })

  it('comes back to the form with the server’s message by its field', async () => {
    const bodyRefused = refused({ body: INQUIRY_MESSAGES.bodyLong })
    const { api, posted } = site(() => bodyRefused)
    const rendered = renderApp('/', api)
    await toForm(typed.mail_address)
    press('確認画面へ')
    await heading('入力内容の確認')
    press('送信する')
    await heading('お問い合わせ内容の入力')
    const body = field('お問い合わせ内容')
    const message = screen.getByText(INQUIRY_MESSAGES.bodyLong)
    expect(body.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    await waitFor(() => expect(document.activeElement).toBe(body))
    expect(body.value).toBe(typed.body)
    expect(field('返信先メールアドレス').value).toBe(typed.mail_address)
    expect(rendered.router.state.location.pathname).toBe('/inquiry/post')
    expect(posted).toHaveLength(1)
  })

  it('shows the server’s words when too many were sent, keeps everything and sends again', async () => {
    let replies: Answer[] = [refused({}, 429, TOO_MANY), { ok: 1, inquiry_id: 9 }]
    const { api, posted } = site(() => {
      const [reply, ...rest] = replies
      replies = rest
      if (!reply) throw new Error('no more replies')
      return reply
    })
    renderApp('/', api)
    await toForm(typed.mail_address)
    press('確認画面へ')
    await heading('入力内容の確認')
    press('送信する')
    expect((await screen.findByRole('alert')).textContent).toContain(TOO_MANY)
    expect(screen.getByText(typed.mail_address)).toBeTruthy()
    expect(JSON.parse(sessionStorage.getItem('kirari_inquiry_draft') ?? 'null')).toEqual(typed)
    press('もう一度送信する')
    expect((await screen.findByTestId('inquiry-receipt')).textContent).toBe('#9')
    expect(posted).toHaveLength(2)
  })
})

describe('opinion pages', () => {
  it('refuses an empty opinion by its field, then sends and goes to /opinion/complete', async () => {
    const { api, posted } = site(() => ({ ok: 1 }))
    const rendered = renderApp('/', api)
    fireEvent.click(await screen.findByRole('link', { name: 'ご意見・ご要望' }))
    await heading('ご意見・ご要望')
    const text = field('ご意見・ご要望の内容')
    press('送信する')
    const message = await screen.findByText(INQUIRY_MESSAGES.opinionEmpty)
    expect(text.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    expect(document.activeElement).toBe(text)
    fill('ご意見・ご要望の内容', 'ランキングを週ごとにも見たいです')
    expect(screen.getByText('16 / 1000 文字')).toBeTruthy()
    press('送信する')
    await heading('ご意見ありがとうございました')
    expect(rendered.router.state.location.pathname).toBe('/opinion/complete')
    expect(posted).toEqual([
      { path: '/api/opinion/create', body: { body: 'ランキングを週ごとにも見たいです' } },
    ])
    expect(screen.getByRole('link', { name: 'トップページへ戻る' })).toBeTruthy()
  })

  it('keeps the text through a lost connection', async () => {
    let replies: Answer[] = [{ kind: 'network', status: null }, { ok: 1 }]
    const { api } = site(() => {
      const [reply, ...rest] = replies
      replies = rest
      if (!reply) throw new Error('no more replies')
      return reply
    })
    const rendered = renderApp('/opinion/new', api)
    await heading('ご意見・ご要望')
    fill('ご意見・ご要望の内容', '配信の通知をもっと早くほしい')
    press('送信する')
    expect(await screen.findByText('送信できませんでした。')).toBeTruthy()
    expect(field('ご意見・ご要望の内容').value).toBe('配信の通知をもっと早くほしい')
    expect(rendered.notices).toContainEqual({ tone: 'error', key: 'L_NETWORK_ERROR' })
    press('もう一度送信する')
    await heading('ご意見ありがとうございました')
  })
})
