import { describe, expect, it } from 'vitest'
import { PREFECTURES, checkEcItemDraft, checkShippingAddress } from '../../src/domain/shop-forms.ts'
import {
  checkoutPath,
  countdownText,
  orderHomePath,
  previousStep,
  secondsLeft,
} from '../../src/domain/shop-paths.ts'
import { shippingAddress } from '../model/shop-fixtures.ts'
import { isShopPath, pageViewSinks, type PageViewSink } from '../../src/effects/analytics.ts'

const address = shippingAddress

describe('shipping address rules', () => {
  it('takes a complete address and normalises the postal code and the phone number', () => {
    const checked = checkShippingAddress({
      ...address,
      postal_code: '１５００００１',
      phone: '０９０−１２３４−５６７８',
    })
    expect(checked).toEqual({
      ok: true,
      address: { ...address, postal_code: '150-0001', phone: '09012345678' },
    })
  })

  it.each([
    ['postal_code', '150-001'],
    ['postal_code', '1500-001'],
    ['postal_code', 'abc-defg'],
    ['prefecture', '東京'],
    ['prefecture', ''],
    ['phone', '9012345678'],
    ['phone', '090123456'],
    ['phone', '090123456789'],
    ['name', '   '],
    ['name', 'あ'.repeat(51)],
    ['city', ''],
    ['address_line1', ''],
    ['address_line2', 'あ'.repeat(101)],
  ])('refuses %s = %j with that field named', (field, value) => {
    const checked = checkShippingAddress({ ...address, [field]: value })
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual([field])
  })

  it('knows the 47 prefectures, landline numbers and an optional second line', () => {
    expect(PREFECTURES).toHaveLength(47)
    expect(new Set(PREFECTURES).size).toBe(47)
    expect(checkShippingAddress({ ...address, phone: '0312345678' }).ok).toBe(true)
    expect(checkShippingAddress({ ...address, name: 'あ'.repeat(50) }).ok).toBe(true)
    expect(checkShippingAddress({ ...address, address_line2: 'ハイツ101' }).ok).toBe(true)
  })
})

describe('room item rules', () => {
  const item = { name: 'ボイス', description: '', category_id: '3', price: '800', stock: '' }

  it('takes prices from 100 to 100,000 yen and an empty stock as no limit', () => {
    expect(checkEcItemDraft(item)).toEqual({
      ok: true,
      draft: {
        name: 'ボイス',
        description: '',
        category_id: 3,
        price: 800,
        stock: null,
        is_hidden: false,
      },
    })
    expect(checkEcItemDraft({ ...item, price: '100' }).ok).toBe(true)
    expect(checkEcItemDraft({ ...item, price: '100,000' }).ok).toBe(true)
    expect(checkEcItemDraft({ ...item, stock: '0', is_hidden: true }).ok).toBe(true)
  })

  it.each([
    ['price', '99'],
    ['price', '100001'],
    ['price', '8.5'],
    ['stock', '-1'],
    ['stock', '10000'],
    ['name', ''],
    ['name', 'x'.repeat(41)],
    ['description', 'x'.repeat(401)],
    ['category_id', ''],
  ])('refuses %s = %j', (field, value) => {
    const checked = checkEcItemDraft({ ...item, [field]: value })
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual([field])
  })
})

describe('checkout addresses', () => {
  const place = { packageId: 1, planId: 101 }
  it('gives every step its own address, and back leads one step up', () => {
    expect(checkoutPath('packages', place)).toBe('/povo_ec')
    expect(checkoutPath('package', place)).toBe('/povo_ec/1')
    expect(checkoutPath('plan', place)).toBe('/povo_ec/1/101')
    expect(checkoutPath('shipping', place)).toBe('/povo_ec/1/101/shipping')
    expect(checkoutPath('confirm', place)).toBe('/povo_ec/1/101/shipping/confirm')
    expect(checkoutPath('confirm', { packageId: null, planId: null })).toBe('/povo_ec')
    expect(previousStep('confirm', true)).toBe('shipping')
    expect(previousStep('confirm', false)).toBe('plan')
    expect(previousStep('shipping', true)).toBe('plan')
    expect(previousStep('plan', true)).toBe('package')
    expect(previousStep('package', true)).toBe('packages')
  })

  it('sends the result page back to where each kind of order was bought', () => {
    const base = { package_id: 2, plan_id: 201, room_url_key: null }
    expect(orderHomePath({ ...base, kind: 'povo' })).toBe('/povo_ec/2/201')
    expect(orderHomePath({ ...base, kind: 'pack' })).toBe('/payment/time_limited_pack')
    expect(
      orderHomePath({ kind: 'ec_item', package_id: null, plan_id: null, room_url_key: 'a b' }),
    ).toBe('/r/a%20b/ec_items')
  })

  it('counts an offer down in whole seconds, never below zero', () => {
    expect(secondsLeft(100, 97_500)).toBe(3)
    expect(secondsLeft(100, 100_000)).toBe(0)
    expect(secondsLeft(100, 120_000)).toBe(0)
    expect(countdownText(86_399)).toBe('23:59:59')
    expect(countdownText(90_061)).toBe('25:01:01')
    expect(countdownText(-5)).toBe('00:00:00')
  })
})

describe('the shop analytics property (SPEC §9)', () => {
  it('receives only the pages under /povo_ec/, in any locale; the main one receives all', () => {
    const seen: Record<string, string[]> = { main: [], shop: [] }
    const beacon = (url: string): PageViewSink => ({
      pageView: (view) => seen[url]?.push(view.path),
    })
    const sink = pageViewSinks({ page_view_url: 'main', shop_page_view_url: 'shop' }, beacon)
    for (const path of ['/', '/povo_ec', '/en/povo_ec/1/101', '/povo_ecx', '/r/a'])
      sink.pageView({ path, title: '', locale: 'ja' })
    expect(seen.main).toEqual(['/', '/povo_ec', '/en/povo_ec/1/101', '/povo_ecx', '/r/a'])
    expect(seen.shop).toEqual(['/povo_ec', '/en/povo_ec/1/101'])
    expect(isShopPath('/th/povo_ec/payment/success')).toBe(true)
  })
})
