// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

/** A site whose terms changed to 2027-04-01 after `organizer`'s account was made. */
function site(organizer = false) {
  let agreed = false
  const api = fakeApi({
    '/api/current_user': () =>
      user({
        is_organizer: organizer,
        need_agree_new_terms: !agreed,
        terms_version: '2027-04-01',
      }),
    '/api/live/onlive_num': { num: 1 },
  })
  const posted: Array<[string, unknown]> = []
  api.postJson = <T,>(path: string, body?: unknown) => {
    posted.push([path, body])
    agreed = true
    return Promise.resolve({ agreed_terms_version: '2027-04-01', agreed_at: 1 } as T)
  }
  return { api, posted }
}

describe('new terms', () => {
  it('sends an account to agree first, then on to the page it was opening', async () => {
    const { api, posted } = site()
    const rendered = renderApp('/ranking', api)
    await screen.findByRole('heading', { level: 1, name: '利用規約改定のお知らせ' })
    expect(rendered.router.state.location.pathname).toBe('/agree_new_terms')
    expect(screen.getByText(/2027年4月1日に利用規約を改定しました/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: '第1条（適用）' })).toBeTruthy()

    // Agreeing waits for the box.
    fireEvent.click(screen.getByRole('button', { name: '同意して続ける' }))
    expect(posted).toEqual([])
    expect(rendered.notices).toContainEqual({ tone: 'error', key: 'newTerms.mustCheck' })

    fireEvent.click(screen.getByRole('checkbox', { name: '利用規約を読み、内容に同意します' }))
    fireEvent.click(screen.getByRole('button', { name: '同意して続ける' }))
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/ranking'))
    expect(posted).toEqual([['/api/user/agree_new_terms', { terms_version: '2027-04-01' }]])
  })

  it("sends an organizer to the organizer's page, and leaves the allow-listed pages open", async () => {
    const { api } = site(true)
    const organizer = renderApp('/organizer/events', api)
    await screen.findByRole('heading', { level: 1, name: '利用規約改定のお知らせ（主催者）' })
    expect(organizer.router.state.location.pathname).toBe('/organizer/agree_new_terms')
    cleanup()
    const terms = renderApp('/terms', site().api)
    await screen.findByRole('heading', { level: 1, name: '利用規約' })
    expect(terms.router.state.location.pathname).toBe('/terms')
  })
})
