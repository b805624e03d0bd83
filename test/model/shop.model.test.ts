import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import { checkEcItemDraft } from '../../src/domain/shop-forms.ts'
import { ecEditorMachine } from '../../src/machines/ec-shop/ec-editor.machine.ts'
import { ecShopMachine, maxQuantity } from '../../src/machines/ec-shop/ec-shop.machine.ts'
import { timeLimitedPackMachine } from '../../src/machines/povo/time-limited-pack.machine.ts'
import { ecCategories, ecConfig, ecItem, lost, serverError, shopOrder } from './shop-fixtures.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const order = shopOrder

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

const pack = {
  pack_id: 1,
  name: 'はじめての特別パック',
  description: '',
  price: 980,
  gold: 1000,
  bonus_gold: 500,
  expires_at: 1000,
  remaining_seconds: 2,
}

describe('time-limited pack machine graph', () => {
  it('counts the offer down to its end and buys only while it lasts', () => {
    const walk = walkMachine(timeLimitedPackMachine, {
      input: undefined,
      events: [
        { type: 'xstate.done.actor.loadPack', output: pack },
        { type: 'xstate.done.actor.loadPack', output: { ...pack, remaining_seconds: 0 } },
        { type: 'xstate.error.actor.loadPack', error: serverError(404, 'PACK_ENDED') },
        { type: 'xstate.error.actor.loadPack', error: serverError(401) },
        { type: 'xstate.error.actor.loadPack', error: lost('network') },
        { type: 'clock.tick', nowMs: 999_000 },
        { type: 'clock.tick', nowMs: 1_000_000 },
        { type: 'pack.buy' },
        { type: 'pack.retry' },
        {
          type: 'xstate.done.actor.pay',
          output: { order: order({ kind: 'pack' }), redirectUrl: '/payment/sandbox/s2' },
        },
        {
          type: 'xstate.done.actor.pay',
          output: { order: order({ kind: 'pack', status: 'paid' }), redirectUrl: null },
        },
        { type: 'xstate.error.actor.pay', error: serverError(404, 'PACK_ENDED') },
        { type: 'xstate.error.actor.pay', error: serverError(401) },
        { type: 'xstate.error.actor.pay', error: lost('network') },
      ] as Array<EventFromLogic<typeof timeLimitedPackMachine>>,
      key: (s) => ({ value: s.value, remaining: s.context.remaining }),
      invariant: (from, _event, to) => {
        if (to.matches({ offered: 'paying' })) expect(to.context.remaining).toBeGreaterThan(0)
        if (to.matches('offered')) expect(to.context.remaining).toBeGreaterThan(0)
        if (from.matches('ended')) expect(to.matches('ended')).toBe(true)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})

const shopData = (isOwner: boolean) => ({
  config: ecConfig(isOwner),
  items: [ecItem({}), ecItem({ item_id: 3, stock: 0 })],
  categories: ecCategories,
  logs: [],
})

describe('item shop machine graph', () => {
  it('buys only an item in stock, within its stock, never as the owner or anonymously', () => {
    const results = [true, false].map((loggedIn) =>
      walkMachine(ecShopMachine, {
        input: { roomUrlKey: 'demo_liver_room', loggedIn },
        events: [
          { type: 'xstate.done.actor.loadShop', output: shopData(false) },
          { type: 'xstate.done.actor.loadShop', output: shopData(true) },
          { type: 'xstate.error.actor.loadShop', error: serverError(404) },
          { type: 'xstate.error.actor.loadShop', error: lost('network') },
          { type: 'shop.retry' },
          { type: 'shop.filter', categoryId: 1 },
          { type: 'item.choose', itemId: 1 },
          { type: 'item.choose', itemId: 3 },
          { type: 'item.quantity', quantity: 2 },
          { type: 'item.quantity', quantity: 3 },
          { type: 'item.buy' },
          { type: 'item.cancel' },
          {
            type: 'xstate.done.actor.pay',
            output: { order: order({ kind: 'ec_item' }), redirectUrl: '/payment/sandbox/s3' },
          },
          {
            type: 'xstate.done.actor.pay',
            output: { order: order({ kind: 'ec_item', status: 'paid' }), redirectUrl: null },
          },
          { type: 'xstate.error.actor.pay', error: serverError(400, 'SOLD_OUT') },
          { type: 'xstate.error.actor.pay', error: serverError(401) },
          { type: 'xstate.error.actor.pay', error: lost('network') },
        ] as Array<EventFromLogic<typeof ecShopMachine>>,
        key: (s) => ({
          value: s.value,
          owner: s.context.config?.is_owner,
          item: s.context.item?.item_id,
          quantity: s.context.quantity,
          category: s.context.categoryId,
        }),
        invariant: (_from, _event, to) => {
          if (to.matches('choosing') || to.matches('paying')) {
            expect(to.context.loggedIn).toBe(true)
            expect(to.context.config?.is_owner).toBe(false)
            const chosen = to.context.item
            expect(chosen).not.toBeNull()
            if (chosen) {
              expect(to.context.quantity).toBeGreaterThanOrEqual(1)
              expect(to.context.quantity).toBeLessThanOrEqual(maxQuantity(chosen))
            }
          }
        },
      }),
    )
    walks.push(...results)
    const missing = (pick: (w: WalkResult) => string[]) =>
      pick(results[0] as WalkResult).filter((m) => pick(results[1] as WalkResult).includes(m))
    expect(missing((w) => w.states.missing)).toEqual([])
    expect(missing((w) => w.transitions.missing)).toEqual([])
  })
})

describe('item editor machine graph', () => {
  it('saves only a form that passes the item rules; refusals keep the form', () => {
    const walk = walkMachine(ecEditorMachine, {
      input: { roomUrlKey: 'demo_liver_room' },
      events: [
        {
          type: 'xstate.done.actor.loadEditor',
          output: { config: ecConfig(true), items: [ecItem({})], categories: ecCategories },
        },
        { type: 'xstate.error.actor.loadEditor', error: serverError(403) },
        { type: 'xstate.error.actor.loadEditor', error: serverError(401) },
        { type: 'xstate.error.actor.loadEditor', error: serverError(404) },
        { type: 'xstate.error.actor.loadEditor', error: lost('network') },
        { type: 'editor.retry' },
        { type: 'item.new' },
        { type: 'item.edit', itemId: 1 },
        { type: 'item.edit', itemId: 99 },
        { type: 'item.toggleHidden', itemId: 1 },
        { type: 'form.change', field: 'name', value: 'ボイスメッセージ' },
        { type: 'form.change', field: 'price', value: '50' },
        { type: 'form.change', field: 'price', value: '800' },
        { type: 'form.submit' },
        { type: 'form.cancel' },
        { type: 'xstate.done.actor.saveItem', output: ecItem({ item_id: 5, name: 'ボイス' }) },
        {
          type: 'xstate.error.actor.saveItem',
          error: serverError(400, 'INVALID_FIELDS', { category_id: 'カテゴリを…' }),
        },
        { type: 'xstate.error.actor.saveItem', error: serverError(401) },
        { type: 'xstate.error.actor.saveItem', error: lost('network') },
        { type: 'xstate.done.actor.toggleItem', output: ecItem({ is_hidden: true }) },
        { type: 'xstate.error.actor.toggleItem', error: serverError(401) },
        { type: 'xstate.error.actor.toggleItem', error: lost('network') },
      ] as Array<EventFromLogic<typeof ecEditorMachine>>,
      key: (s) => ({
        value: s.value,
        itemId: s.context.itemId,
        valid: checkEcItemDraft(s.context.form).ok,
        hidden: s.context.form.is_hidden,
        items: s.context.items.length,
        errors: Object.keys(s.context.fieldErrors).length,
      }),
      invariant: (from, event, to) => {
        if (to.matches('saving') && from.matches('editing')) {
          expect(checkEcItemDraft(to.context.form).ok).toBe(true)
        }
        if (from.matches('saving') && (event.type as string).startsWith('xstate.error')) {
          expect(to.context.form).toBe(from.context.form)
        }
        if (to.matches('toggling') && !from.matches('toggling'))
          expect(from.matches('list')).toBe(true)
        if (to.matches('editing') || to.matches('saving') || to.matches('toggling')) {
          expect(to.context.config?.is_owner).toBe(true)
        }
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
