// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { DrawResponse, GachaSummary, PrizeOdds } from '../../src/domain/gacha.ts'
import { user } from '../model/fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

afterEach(cleanup)

const gacha: GachaSummary = {
  gacha_id: 2,
  name: 'きらめきガチャ',
  description: 'アバターやグッズが当たります。',
  kind: 'paid',
  price: 50,
  price_10: 500,
  daily_limit: null,
  image: '/img/gacha/2.svg',
  starts_at: null,
  ends_at: null,
  is_open: true,
}
const prizes: PrizeOdds[] = [
  ['紫のスター ×10', 'N', '50.00'],
  ['アバター「流れ星」', 'SR', '45.00'],
  ['サイン入りチェキ', 'SSR', '5.00'],
].map(([name, rarity, probability], i) => ({
  prize_id: 201 + i,
  name: name ?? '',
  prize_type: 'goods',
  rarity: rarity as PrizeOdds['rarity'],
  num: 1,
  image: `/img/prize/${201 + i}.svg`,
  probability: probability ?? '0',
}))
const drawn: DrawResponse = {
  draw_id: 9,
  draw_count: 1,
  results: [{ ...prizes[2], granted_num: 1 } as DrawResponse['results'][number]],
  remaining_point: 550,
  remaining_expiring_point: 0,
}

function site(gold: number, patch: Routes = {}): Routes {
  return {
    '/api/current_user': user({ gold, expiring_gold: 0 }),
    '/api/live/onlive_num': { num: 3 },
    '/api/gachas/2': { gacha, prizes },
    '/api/gachas/2/user': { draw_count: 0, today_count: 0, remaining_today: null },
    '/api/gachas/2/draw/showgold': { price: 50, price_10: 500, gold, expiring_gold: 0 },
    '/api/gachas/2/draw': drawn,
    ...patch,
  }
}

describe('gacha page', () => {
  it('shows every prize with its odds, confirms the cost, reveals the prize and updates the header gold', async () => {
    const api = fakeApi(site(600))
    renderApp('/lottery/2', api)
    await screen.findByRole('heading', { level: 1, name: 'きらめきガチャ' })
    const table = screen.getByRole('table', { name: '提供割合' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      'N 紫のスター ×1050.00%',
      'SR アバター「流れ星」45.00%',
      'SSR サイン入りチェキ5.00%',
    ])
    expect(screen.getByTestId('header-gold').textContent).toContain('600')

    fireEvent.click(screen.getByRole('button', { name: '1回引く（50 ゴールド）' }))
    const confirm = await screen.findByRole('dialog', { name: 'ガチャを引きますか？' })
    expect(within(confirm).getByTestId('gacha-cost').textContent).toBe('50')
    expect(within(confirm).getByText('550')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: '引く' }))
    fireEvent.click(await screen.findByRole('button', { name: 'スキップ' }))
    const result = await screen.findByRole('dialog', { name: 'ガチャの結果' })
    expect(within(result).getByText('サイン入りチェキ')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('header-gold').textContent).toContain('550'))
    expect(api.calls.filter((c) => c === '/api/gachas/2/draw')).toHaveLength(1)
  })

  it('stops at "not enough gold" without calling the server', async () => {
    const api = fakeApi(site(20))
    renderApp('/lottery/2', api)
    fireEvent.click(await screen.findByRole('button', { name: '10回引く（500 ゴールド）' }))
    const confirm = await screen.findByRole('dialog', { name: 'ガチャを引きますか？' })
    fireEvent.click(within(confirm).getByRole('button', { name: '引く' }))
    const short = await screen.findByRole('dialog', { name: 'ゴールドが足りません' })
    expect(within(short).getByRole('alert').textContent).toBe(
      '500 ゴールド必要ですが、所持ゴールドは20です。',
    )
    expect(api.calls).not.toContain('/api/gachas/2/draw')
  })

  it('asks an anonymous visitor to log in before a draw, and says when a gacha does not exist', async () => {
    const api = fakeApi(site(0, { '/api/current_user': { ...user(), is_login: false } }))
    renderApp('/lottery/2', api)
    fireEvent.click(await screen.findByRole('button', { name: '1回引く（50 ゴールド）' }))
    await screen.findByRole('dialog', { name: 'ログイン' })
    expect(screen.queryByRole('dialog', { name: 'ガチャを引きますか？' })).toBeNull()
    cleanup()
    renderApp('/lottery/999', fakeApi(site(0)))
    await screen.findByRole('heading', { name: 'このガチャは見つかりません' })
  })
})
