// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { account, user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const site = (twitterAuth: boolean) =>
  fakeApi({
    '/api/current_user': user(),
    '/api/live/onlive_num': { num: 1 },
    '/api/account/': account({ twitter_auth: twitterAuth }),
  })

describe('/mypage social links (issue #28)', () => {
  it('offers to link a configured provider, and only those configured', async () => {
    renderApp('/mypage', site(false), { settings: { social_providers: ['twitter'] } })
    const row = await screen.findByTestId('mypage-social-twitter')
    const link = screen.getByRole('link', { name: '連携する' })
    expect(row.contains(link)).toBe(true)
    expect(link.getAttribute('href')).toBe('/social/twitter/sign_up?type=link')
    expect(screen.queryByTestId('mypage-social-facebook')).toBeNull()
  })

  it('says a linked account is linked', async () => {
    renderApp('/mypage', site(true), { settings: { social_providers: ['twitter'] } })
    expect((await screen.findByTestId('mypage-social-twitter')).textContent).toBe('連携済み')
  })

  it('shows nothing without a configured provider', async () => {
    renderApp('/mypage', site(false))
    await screen.findByTestId('mypage-name')
    expect(screen.queryByTestId('mypage-social-twitter')).toBeNull()
  })
})
