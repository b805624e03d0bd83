// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const site = (current: ReturnType<typeof user>) =>
  fakeApi({ '/api/current_user': current, '/api/live/onlive_num': { num: 1 } })

describe('pages for another kind of account (SPEC §2 guards)', () => {
  it('an organizer page shows a user the 403 page, in its place, and reports nothing', async () => {
    const rendered = renderApp('/organizer/rooms', site(user()))
    expect((await screen.findByText('403')).className).toBe('status-page__code')
    expect(screen.getByText('このページはご利用のアカウントでは表示できません。')).toBeTruthy()
    expect(rendered.router.state.location.pathname).toBe('/organizer/rooms')
    // The site around it still works: the header is there.
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(rendered.reported).toEqual([])
  })

  it("a user's page shows an organizer the 403 page", async () => {
    const rendered = renderApp('/mypage', site(user({ is_organizer: true })))
    await screen.findByText('このページはご利用のアカウントでは表示できません。')
    expect(rendered.router.state.location.pathname).toBe('/mypage')
  })

  it('an anonymous visitor is asked to log in instead', async () => {
    const rendered = renderApp('/organizer/rooms', site(user({ is_login: false, account_id: '' })))
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('dialog', { name: 'ログイン' })).toBeTruthy()
  })
})
