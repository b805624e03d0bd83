// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { account, user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const anonymous = user({ is_login: false, account_id: '', name: '', birthday: null })

function site(patch: Routes = {}): Routes {
  return {
    '/api/current_user': anonymous,
    '/api/live/onlive_num': { num: 3 },
    '/api/live/onlives': { onlives: [] },
    '/api/captcha': { captcha_url: '/captcha/first.svg' },
    ...patch,
  }
}

const input = (dialog: HTMLElement, name: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(name)

describe('login modal', () => {
  it('opens from the header, keeps the typed input on a refused login and shows the new captcha', async () => {
    const api = fakeApi(
      site({
        '/user/login': {
          error: 'アカウントIDまたはパスワードが正しくありません',
          captcha_url: '/captcha/second.svg',
        },
      }),
    )
    renderApp('/', api)
    fireEvent.click(await screen.findByRole('button', { name: 'ログイン' }))
    const dialog = await screen.findByRole('dialog', { name: 'ログイン' })
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: '画像認証の文字' }).getAttribute('src')).toBe(
        '/captcha/first.svg',
      ),
    )
    expect(document.activeElement).toBe(input(dialog, 'アカウントID'))

    fireEvent.change(input(dialog, 'アカウントID'), { target: { value: 'demo_viewer' } })
    fireEvent.change(input(dialog, 'パスワード'), { target: { value: 'wrong' } })
    fireEvent.change(input(dialog, '画像の文字'), { target: { value: 'abcde' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'ログインする' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'アカウントIDまたはパスワードが正しくありません',
    )
    expect(input(dialog, 'アカウントID').value).toBe('demo_viewer')
    expect(within(dialog).getByRole('img', { name: '画像認証の文字' }).getAttribute('src')).toBe(
      '/captcha/second.svg',
    )
    expect(api.calls).toContain('/user/login')
  })

  it('traps focus inside, closes with Escape and gives focus back', async () => {
    renderApp('/', fakeApi(site()))
    const opener = await screen.findByRole('button', { name: 'ログイン' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog')
    const focusable = dialog.querySelectorAll<HTMLElement>('button, input, a[href]')
    const last = focusable[focusable.length - 1]
    last?.focus()
    fireEvent.keyDown(last ?? dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(focusable[0])
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Focus goes back once the dialog has left (an effect after its close).
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('switches to the forgotten-password form (kind 3)', async () => {
    renderApp('/', fakeApi(site({ '/user/forget_mail_send': { ok: 1 } })))
    fireEvent.click(await screen.findByRole('button', { name: 'ログイン' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'パスワードをお忘れの方' }))
    expect(await screen.findByRole('dialog', { name: 'パスワードをお忘れの方' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Twitterでログイン' })).toBeNull()
  })
})

describe('registration', () => {
  it('checks the fields before sending and keeps what was typed', async () => {
    const api = fakeApi(site())
    renderApp('/', api)
    fireEvent.click(await screen.findByRole('button', { name: '新規登録' }))
    const dialog = await screen.findByRole('dialog', { name: '新規登録' })
    fireEvent.change(input(dialog, 'アカウントID'), { target: { value: 'new_fan' } })
    fireEvent.change(input(dialog, 'ニックネーム'), { target: { value: 'ファン' } })
    fireEvent.change(input(dialog, 'パスワード'), { target: { value: 'password-1' } })
    fireEvent.change(input(dialog, 'パスワード（確認）'), { target: { value: 'password-2' } })
    fireEvent.change(input(dialog, '画像の文字'), { target: { value: 'abcde' } })
    fireEvent.click(within(dialog).getByRole('button', { name: '登録する' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('パスワードが一致しません')
    expect(input(dialog, 'アカウントID').value).toBe('new_fan')
    expect(api.calls).not.toContain('/user/register')
  })
})

describe('guards and my page', () => {
  it('sends an anonymous visitor of /mypage home with the login modal open', async () => {
    const app = renderApp('/mypage', fakeApi(site()))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('dialog', { name: 'ログイン' })).toBeTruthy()
  })

  it('shows the logged-in user in the header and the account on /mypage', async () => {
    renderApp('/mypage', fakeApi(site({ '/api/current_user': user(), '/api/account/': account() })))
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('マイページ')
    expect(screen.getByRole('link', { name: /デモ視聴者/ })).toBeTruthy()
    expect(screen.getByTestId('mypage-gold').textContent).toBe('12.35K')
    // A birthday once set is shown, not offered for editing (changes go through support).
    expect(screen.getByTestId('mypage-birthday').textContent).toBe('2000-01-01')
    expect(screen.queryByLabelText('生年月日')).toBeNull()
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeTruthy()
  })
})
