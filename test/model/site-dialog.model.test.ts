import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import type { SiteDialogAnswer } from '../../src/contract/site-dialog.ts'
import {
  siteDialogMachine,
  type SiteDialog,
} from '../../src/machines/site-dialog/site-dialog.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

const dialog = (dialog_id: number): SiteDialog => ({
  dialog_id,
  title: 'キャンペーン開催中',
  body: '本文',
  image_url: '',
  link_url: '/lp/idolcup',
  link_label: '見る',
})
const offered: SiteDialogAnswer = { dialog: dialog(1) }
const none: SiteDialogAnswer = { dialog: null }

const events = [
  { type: 'page.visited', path: '/virtual_liver', locale: 'ja' },
  { type: 'page.visited', path: '/virtual_liver/events', locale: 'ja' },
  { type: 'page.visited', path: '/', locale: 'en' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.loadDialog', output: offered },
  { type: 'xstate.done.actor.loadDialog', output: none },
  { type: 'xstate.error.actor.loadDialog', error: new Error('offline') },
] as Array<EventFromLogic<typeof siteDialogMachine>>

type Snapshot = ReturnType<typeof siteDialogMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('site dialog machine graph', () => {
  it('asks once per page, shows a dialog not closed before, and remembers a close', () => {
    const result = walkMachine(siteDialogMachine, {
      input: undefined,
      events,
      key: (s) => ({
        value: s.value,
        asked: s.context.asked,
        path: s.context.path,
        dialog: s.context.dialog?.dialog_id,
        closed: s.context.closed,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        // A dialog is held exactly while it is shown.
        expect(to.context.dialog !== null).toBe(to.matches('open'))
        // A closed dialog never shows again in the tab.
        if (to.context.dialog) expect(to.context.closed).not.toContain(to.context.dialog.dialog_id)
        // Only a close adds to the closed list, and then the dialog that was shown.
        if (to.context.closed.length > from.context.closed.length) {
          expect(sent.type).toBe('dialog.close')
          expect(to.context.closed.at(-1)).toBe(from.context.dialog?.dialog_id)
        }
        // Each path is asked once (a failed ask is forgotten, to be asked again).
        expect(new Set(to.context.asked).size).toBe(to.context.asked.length)
        if (sent.type === 'page.visited' && from.context.asked.includes(sent.path))
          expect(to.matches('loading') && !from.matches('loading')).toBe(false)
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('asks with the page and locale, and remembers the closed dialog by id', async () => {
    const asked: Array<{ path: string; locale: string }> = []
    const remembered: number[] = []
    const actor = createActor(
      siteDialogMachine.provide({
        actors: {
          loadDialog: fromPromise(({ input }) => {
            asked.push(input)
            return Promise.resolve(input.path.startsWith('/virtual_liver') ? offered : none)
          }),
        },
        actions: { remember: (_, { dialogId }) => remembered.push(dialogId) },
      }),
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'page.visited', path: '/', locale: 'ja' })
    await settle()
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'page.visited', path: '/virtual_liver', locale: 'th' })
    await settle()
    expect(actor.getSnapshot().context.dialog?.dialog_id).toBe(1)
    actor.send({ type: 'dialog.close' })
    expect(remembered).toEqual([1])
    // The same dialog on another page under the prefix: closed already, not shown.
    actor.send({ type: 'page.visited', path: '/virtual_liver/ranking', locale: 'th' })
    await settle()
    expect(actor.getSnapshot().value).toBe('idle')
    // Back on a page asked before: not asked again.
    actor.send({ type: 'page.visited', path: '/virtual_liver', locale: 'th' })
    expect(asked).toEqual([
      { path: '/', locale: 'ja' },
      { path: '/virtual_liver', locale: 'th' },
      { path: '/virtual_liver/ranking', locale: 'th' },
    ])
    actor.stop()
  })
})
