// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import type { Order } from '../../src/domain/shop.ts'
import { user } from '../model/fixtures.ts'
import { shopOrder, shopPackage, shopPlan } from '../model/shop-fixtures.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  vi.useRealTimers()
})
beforeEach(() => sessionStorage.clear())

const pkg = shopPackage
const plan = shopPlan()
const order = (over: Partial<Order>) =>
  shopOrder({ order_id: 'o_view1', status: 'paid', paid_at: 2, redirect_url: null, ...over })

const refused: ApiFailure = {
  kind: 'server',
  status: 400,
  message: '入力内容を確認してください',
  errorType: 'INVALID_FIELDS',
  redirectUrl: null,
  fieldErrors: { phone: 'この電話番号にはお届けできません' },
}

function site(patch: Routes = {}): Routes {
  return {
    '/api/current_user': user(),
    '/api/live/onlive_num': { num: 3 },
    '/api/povo_ec/plans/11': { plan, package: pkg },
    '/api/povo_ec/shipping_address': { shipping_address: null },
    ...patch,
  }
}

describe('povo checkout pages', () => {
  it('checks the shipping form before sending, shows the server’s field errors and keeps what was typed', async () => {
    const api = fakeApi(site())
    const posted: unknown[] = []
    api.postJson = <T,>(path: string, body?: unknown) => {
      expect(path).toBe('/api/povo_ec/shipping_address')
      posted.push(body)
      return Promise.reject<T>(new ApiRequestError(refused))
    }
    renderApp('/povo_ec/1/11/shipping', api)
    await screen.findByRole('heading', { level: 1, name: '配送先の入力' })

    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })
    fill('お名前', '山田 花子')
    fill('郵便番号', '15-0001')
    fill('市区町村', '渋谷区')
    fill('番地', '神宮前1-2-3')
    fill('電話番号', '09012345678')
    fireEvent.change(screen.getByLabelText('都道府県'), { target: { value: '東京都' } })
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }))

    // The form's own check: nothing is sent, the message stands by the field.
    expect(await screen.findByText(/郵便番号は7桁の数字/)).toBeTruthy()
    expect(posted).toEqual([])
    // Focus goes to the first field to correct.
    expect(document.activeElement?.id).toBe('shipping-postal_code')
    expect(screen.getByLabelText('郵便番号').getAttribute('aria-invalid')).toBe('true')

    // Full-width digits are fine; now the server refuses the phone number.
    fill('郵便番号', '１５０−０００１')
    expect(screen.queryByText(/郵便番号は7桁の数字/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '確認へ進む' }))
    expect(await screen.findByText('この電話番号にはお届けできません')).toBeTruthy()
    await waitFor(() => expect(document.activeElement?.id).toBe('shipping-phone'))
    expect(posted).toHaveLength(1)
    // Nothing typed is lost.
    expect(screen.getByLabelText<HTMLInputElement>('お名前').value).toBe('山田 花子')
    expect(screen.getByLabelText<HTMLInputElement>('郵便番号').value).toBe('１５０−０００１')
    expect(screen.getByLabelText<HTMLSelectElement>('都道府県').value).toBe('東京都')
  })

  it('shows the result the server confirms, not the one the address claims', async () => {
    const api = fakeApi(site())
    let status: Order['status'] = 'awaiting_payment'
    api.postJson = <T,>(path: string, body?: unknown) => {
      expect(path).toBe('/api/payment/confirm')
      expect(body).toEqual({ order_id: 'o_view1' })
      return Promise.resolve({ order: order({ status }) } as T)
    }
    renderApp('/povo_ec/payment/success?order_id=o_view1', api)
    await screen.findByRole('heading', { level: 1, name: 'お支払いを確認できていません' })
    status = 'paid'
    fireEvent.click(screen.getByRole('button', { name: 'お支払い状況を再確認' }))
    await screen.findByRole('heading', { level: 1, name: 'ご購入ありがとうございました' })
    expect(screen.getByTestId('order-facts').textContent).toContain('o_view1')
  })
})

describe('time-limited pack page', () => {
  it('counts the offer down every second and takes it away at zero', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const now = Date.UTC(2026, 10, 23, 3, 0, 0)
    vi.setSystemTime(now)
    const api = fakeApi(
      site({
        '/api/payment/time_limited_pack': {
          pack: {
            pack_id: 1,
            name: 'はじめての特別パック',
            description: '',
            price: 980,
            gold: 1000,
            bonus_gold: 500,
            expires_at: now / 1000 + 3,
            remaining_seconds: 3,
          },
        },
      }),
    )
    renderApp('/payment/time_limited_pack', api)
    await vi.waitFor(() => screen.getByTestId('pack-countdown'))
    expect(screen.getByTestId('pack-countdown').textContent).toContain('00:00:03')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
    expect(screen.getByTestId('pack-countdown').textContent).toContain('00:00:02')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000)
    })
    await waitFor(() => expect(screen.getByTestId('pack-ended')).toBeTruthy())
    expect(screen.queryByRole('button', { name: /購入する/ })).toBeNull()
  })
})
