import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { EcItem } from '../../src/domain/shop.ts'
import { ecEditorMachine, type EcEditorData } from '../../src/machines/ec-shop/ec-editor.machine.ts'
import { ecShopMachine, type EcShopData } from '../../src/machines/ec-shop/ec-shop.machine.ts'
import { shopOrder } from './shop-fixtures.ts'

// The payment, the save and the visibility flip are started with the values the guard checked
// (no room 0 or item 0 if something were missing): here they run for real, with recording effects.

const item = (over: Partial<EcItem> = {}): EcItem => ({
  item_id: 1,
  room_id: 2,
  category_id: 1,
  category_name: 'グッズ',
  name: 'アクリルスタンド',
  description: '',
  price: 1500,
  stock: 2,
  is_hidden: false,
  image: '/img/ec/item/1.svg',
  sold_count: 0,
  ...over,
})
const config = (isOwner: boolean) => ({
  room_id: 2,
  room_url_key: 'demo_liver_room',
  room_name: 'デモルーム',
  is_owner: isOwner,
  sales_available: true,
  is_external_ec: false,
  links: [],
})
const categories = [{ category_id: 1, name: 'グッズ' }]

describe('the item shop, run', () => {
  it('pays for the room and item chosen, then goes to the page the answer names', async () => {
    const paid: unknown[] = []
    const left: string[] = []
    const actor = createActor(
      ecShopMachine.provide({
        actors: {
          loadShop: fromPromise((): Promise<EcShopData> =>
            Promise.resolve({ config: config(false), items: [item()], categories, logs: [] }),
          ),
          pay: fromPromise(({ input }) => {
            paid.push(input)
            return Promise.resolve({ order: shopOrder(), redirectUrl: '/payment/sandbox/s3' })
          }),
        },
        actions: { leaveFor: (_, { url }) => void left.push(url) },
      }),
      { input: { roomUrlKey: 'demo_liver_room', loggedIn: true } },
    ).start()
    await waitFor(actor, (s) => s.matches('browsing'))
    actor.send({ type: 'item.choose', itemId: 1 })
    actor.send({ type: 'item.quantity', quantity: 2 })
    actor.send({ type: 'item.buy' })
    await waitFor(actor, (s) => s.matches('redirecting'))
    expect(paid).toEqual([{ roomId: 2, itemId: 1, quantity: 2 }])
    expect(left).toEqual(['/payment/sandbox/s3'])
    actor.stop()
  })
})

describe('the item editor, run', () => {
  it('flips an item in its room and saves a form there, and the list follows the answers', async () => {
    const flips: unknown[] = []
    const saves: Array<{ roomId: number; itemId: number | null }> = []
    const actor = createActor(
      ecEditorMachine.provide({
        actors: {
          loadEditor: fromPromise((): Promise<EcEditorData> =>
            Promise.resolve({ config: config(true), items: [item()], categories }),
          ),
          setVisibility: fromPromise(({ input }) => {
            flips.push(input)
            return Promise.resolve(item({ is_hidden: input.hidden }))
          }),
          saveItem: fromPromise(({ input }) => {
            saves.push({ roomId: input.roomId, itemId: input.itemId })
            return Promise.resolve(item({ name: input.form.name }))
          }),
        },
      }),
      { input: { roomUrlKey: 'demo_liver_room' } },
    ).start()
    await waitFor(actor, (s) => s.matches('list'))
    actor.send({ type: 'item.toggleHidden', itemId: 1 })
    await waitFor(actor, (s) => s.matches('list'))
    expect(flips).toEqual([{ roomId: 2, itemId: 1, hidden: true }])
    expect(actor.getSnapshot().context.items[0]?.is_hidden).toBe(true)

    actor.send({ type: 'item.edit', itemId: 1 })
    actor.send({ type: 'form.change', field: 'name', value: 'ボイスメッセージ' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (s) => s.matches('list'))
    expect(saves).toEqual([{ roomId: 2, itemId: 1 }])
    expect(actor.getSnapshot().context.items[0]?.name).toBe('ボイスメッセージ')
    actor.stop()
  })
})
