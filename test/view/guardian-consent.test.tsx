// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { GuardianConsentAnswer } from '../../src/contract/guardian.ts'
import { GUARDIAN_MESSAGES } from '../../src/domain/guardian-consent.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const CHILD_BIRTHDAY = 20150601 // 11 at NOW (2026-11)

/** A site with a child account whose guardian has not agreed yet, and agrees through the page. */
function site(birthday: number | null = CHILD_BIRTHDAY) {
  let agreed = false
  const answer = (): GuardianConsentAnswer => ({
    is_under_13: birthday === CHILD_BIRTHDAY,
    is_legal_representative_agreed: agreed,
    consent: agreed
      ? { guardian_name: '小鳥 花子', relationship: 'parent', agreed_at: 1_795_000_000 }
      : null,
  })
  const api = fakeApi({
    '/api/current_user': () => user({ birthday, is_legal_representative_agreed: agreed }),
    '/api/live/onlive_num': { num: 1 },
    '/api/user/legal_representative_agreement': answer,
  })
  const posted: Array<[string, unknown]> = []
  api.postJson = <T,>(path: string, body?: unknown) => {
    posted.push([path, body])
    agreed = true
    return Promise.resolve(answer() as T)
  }
  return { api, posted }
}

describe('legal-representative consent', () => {
  it('sends a user under 13 to the consent page, reviews, records, then lets them through', async () => {
    const { api, posted } = site()
    const rendered = renderApp('/ranking', api)
    await screen.findByRole('heading', { level: 1, name: '保護者の同意' })
    expect(rendered.router.state.location.pathname).toBe('/legal_representative_agreement')
    expect(rendered.notices).toContainEqual({ tone: 'show', key: 'L_AGE_GATE_GUARDIAN' })

    // Checked before the review: each refused field says why, nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }))
    expect(await screen.findByText(GUARDIAN_MESSAGES.nameEmpty)).toBeTruthy()
    expect(screen.getByText(GUARDIAN_MESSAGES.relationship)).toBeTruthy()
    expect(screen.getByText(GUARDIAN_MESSAGES.agreed)).toBeTruthy()

    fireEvent.change(screen.getByLabelText('保護者の方のお名前'), {
      target: { value: '小鳥 花子' },
    })
    fireEvent.click(screen.getByRole('radio', { name: '親権者（父・母）' }))
    fireEvent.click(
      screen.getByRole('checkbox', { name: '上記の内容を確認し、保護者として同意します' }),
    )
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }))

    // The confirmation step shows what was entered; 修正する goes back with the text kept.
    await screen.findByRole('heading', { level: 2, name: '入力内容の確認' })
    expect(screen.getByText('小鳥 花子')).toBeTruthy()
    expect(screen.getByText('親権者（父・母）')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '修正する' }))
    expect(screen.getByLabelText<HTMLInputElement>('保護者の方のお名前').value).toBe('小鳥 花子')
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }))
    expect(posted).toEqual([])
    fireEvent.click(await screen.findByRole('button', { name: '同意を登録する' }))

    // Recorded: on to the page the gate held back, which now opens.
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/ranking'))
    expect(posted).toEqual([
      [
        '/api/user/legal_representative_agreement',
        { guardian_name: '小鳥 花子', relationship: 'parent', agreed: true },
      ],
    ])
    expect(rendered.notices).toContainEqual({ tone: 'success', key: 'guardian.done' })
  })

  it('shows /mypage the consent given (by whom, when), or the link to give it', async () => {
    const account = (agreed: boolean) => ({
      ...user({ birthday: CHILD_BIRTHDAY }),
      level: 1,
      room_id: 0,
      is_room_owner: false,
      facebook_auth: false,
      is_legal_representative_agreed: agreed,
      legal_representative: agreed
        ? { name: '小鳥 花子', relationship: 'parent', agreed_at: 1_795_000_000 }
        : null,
    })
    for (const agreed of [false, true]) {
      const api = fakeApi({
        '/api/current_user': () =>
          user({ birthday: CHILD_BIRTHDAY, is_legal_representative_agreed: agreed }),
        '/api/live/onlive_num': { num: 1 },
        '/api/account/': account(agreed),
      })
      renderApp('/mypage', api)
      const cell = await screen.findByTestId('mypage-guardian')
      if (agreed) expect(cell.textContent).toMatch(/^同意済み（小鳥 花子・親権者（父・母）、.+）$/)
      else
        expect(
          within(cell).getByRole('link', { name: '保護者の同意を登録する' }).getAttribute('href'),
        ).toBe('/legal_representative_agreement')
      cleanup()
    }
  })

  it('tells an adult the page is not for them, without a redirect', async () => {
    const rendered = renderApp('/legal_representative_agreement', site(19900101).api)
    expect(
      await screen.findByText(
        'このアカウントは13歳未満ではないため、保護者の同意の登録は必要ありません。',
      ),
    ).toBeTruthy()
    expect(rendered.router.state.location.pathname).toBe('/legal_representative_agreement')
  })
})
