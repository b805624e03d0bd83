import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ecEditorMachine, type EcEditorData } from '../../src/machines/ec-shop/ec-editor.machine.ts'
import { ecShopMachine, type EcShopData } from '../../src/machines/ec-shop/ec-shop.machine.ts'
import { ecCategories, ecConfig, ecItem, shopOrder } from './shop-fixtures.ts'

// The payment, the save and the visibility flip are started with the values the guard checked
// (no room 0 or item 0 if something were missing): here they run for real, with recording effects.

describe('the item shop, run', () => {
  it('pays for the room and item chosen, then goes to the page the answer names', async () => {
    const paid: unknown[] = []
    const left: string[] = []
    const actor = createActor(
      ecShopMachine.provide({
        actors: {
          loadShop: fromPromise((): Promise<EcShopData> =>
            Promise.resolve({
              config: ecConfig(false),
              items: [ecItem()],
              categories: ecCategories,
              logs: [],
            }),
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
            Promise.resolve({
              config: ecConfig(true),
              items: [ecItem()],
              categories: ecCategories,
            }),
          ),
          setVisibility: fromPromise(({ input }) => {
            flips.push(input)
            return Promise.resolve(ecItem({ is_hidden: input.hidden }))
          }),
          saveItem: fromPromise(({ input }) => {
            saves.push({ roomId: input.roomId, itemId: input.itemId })
            return Promise.resolve(ecItem({ name: input.form.name }))
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
