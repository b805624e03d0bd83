// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { SiteDialogAnswer } from '../../src/contract/site-dialog.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
beforeEach(() => sessionStorage.clear())
afterEach(cleanup)

const dialog: SiteDialogAnswer = {
  dialog: {
    dialog_id: 4,
    title: 'キャンペーン開催中',
    body: 'アイドルカップが始まりました。',
    image_url: '',
    link_url: '/lp/idolcup',
    link_label: 'アイドルカップを見る',
  },
}

/** The home page's calls, and a dialog offered on the home page only. */
function site(loggedIn: boolean): Routes {
  return {
    '/api/current_user': loggedIn
      ? user()
      : user({ is_login: false, account_id: '', birthday: null }),
    '/api/live/onlive_num': { num: 3 },
    '/api/live/onlives': { onlives: [] },
    '/api/dialog': (q: { path?: string } | undefined) =>
      q?.path === '/' ? dialog : { dialog: null },
    '/api/dialog/seen': { ok: true },
  }
}

// The dialogs' code loads once the page has settled (2 s, then an idle moment).
const LOADED = { timeout: 6000 }
const asked = (calls: string[], path: string) =>
  calls.filter((c) => c.startsWith(`/api/dialog?path=${encodeURIComponent(path)}&`)).length

describe('site dialog', () => {
  it('opens on its page as a modal, closes with Escape and does not come back', async () => {
    const api = fakeApi(site(false))
    const app = renderApp('/', api)
    // Where the visitor was when it opened: focus comes back there.
    const brand = await screen.findByRole('banner')
    const before = brand.querySelector<HTMLElement>('a.brand')
    before?.focus()
    const shown = await screen.findByRole('dialog', { name: 'キャンペーン開催中' }, LOADED)
    expect(shown.getAttribute('aria-modal')).toBe('true')
    expect(shown.textContent).toContain('アイドルカップが始まりました。')
    expect(screen.getByRole('link', { name: 'アイドルカップを見る' }).getAttribute('href')).toBe(
      '/lp/idolcup',
    )
    // Focus moves into it.
    expect(shown.contains(document.activeElement)).toBe(true)
    expect(api.calls).toContain('/api/dialog?path=%2F&lang=ja')

    fireEvent.keyDown(shown, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(before).not.toBeNull()
    expect(document.activeElement).toBe(before)
    // Anonymous: kept for the tab, nothing posted.
    expect(sessionStorage.getItem('kirari.closedDialogs')).toBe('[4]')
    expect(api.calls).not.toContain('/api/dialog/seen')

    // Away and back: the page is not asked again, the dialog stays closed.
    await act(() => app.router.navigate({ to: '/search' }))
    await waitFor(() => expect(asked(api.calls, '/search')).toBe(1))
    await act(() => app.router.navigate({ to: '/' }))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(asked(api.calls, '/')).toBe(1)
  }, 15_000)

  it('stays closed in a new page load of the same tab for an anonymous visitor', async () => {
    sessionStorage.setItem('kirari.closedDialogs', '[4]')
    const api = fakeApi(site(false))
    renderApp('/', api)
    await waitFor(() => expect(asked(api.calls, '/')).toBe(1), LOADED)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('dialog')).toBeNull()
  }, 15_000)

  it("tells the server a logged-in user's close (the close button)", async () => {
    const api = fakeApi(site(true))
    renderApp('/', api)
    await screen.findByRole('dialog', {}, LOADED)
    fireEvent.click(screen.getByRole('button', { name: 'お知らせを閉じる' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.calls).toContain('/api/dialog/seen')
    expect(sessionStorage.getItem('kirari.closedDialogs')).toBeNull()
  }, 15_000)

  it('shows nothing on a page without a dialog', async () => {
    const api = fakeApi(site(false))
    renderApp('/search', api)
    await waitFor(() => expect(asked(api.calls, '/search')).toBe(1), LOADED)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('dialog')).toBeNull()
  }, 15_000)
})
