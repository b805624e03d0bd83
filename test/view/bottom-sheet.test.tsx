// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { SHEET_INLINE_QUERY } from '../../src/views/components/BottomSheet.tsx'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(() => {
  cleanup()
  // jsdom has no matchMedia: without one the sheets take the phone's layout.
  Reflect.deleteProperty(window, 'matchMedia')
})

/** A laptop's window: SHEET_INLINE_QUERY matches (the sheet reads only these members). */
function wideWindow() {
  window.matchMedia = (query: string) => {
    const list: Pick<
      MediaQueryList,
      'matches' | 'media' | 'addEventListener' | 'removeEventListener'
    > = {
      matches: query === SHEET_INLINE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }
    return list as MediaQueryList
  }
}

const openMission = async () => {
  const button = await screen.findByRole('button', { name: /^ミッション/ })
  button.focus()
  fireEvent.click(button)
  return button
}

describe('the room’s bottom sheets on a phone', () => {
  it('the mission sheet is a modal dialog: focus moves in, Tab stays, Escape from anywhere closes it', async () => {
    renderApp('/r/kirari_hoshino', fakeApi(liveRoom()), { nowMs: Date.now() })
    const button = await openMission()
    const dialog = screen.getByRole('dialog', { name: 'ミッション' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(dialog)
    expect(within(dialog).getByRole('region', { name: 'ミッション' })).toBeTruthy()

    // Tab from the last control comes back to the first, Shift+Tab the other way round.
    const close = within(dialog).getByRole('button', { name: '閉じる' })
    const controls = within(dialog).getAllByRole('button')
    const last = controls.at(-1)
    if (!last) throw new Error('no controls')
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)

    // Escape from outside the sheet (the comment box) closes it; focus goes back to its button.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'コメント' }), { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'ミッション' })).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)

    // The backdrop closes it too.
    fireEvent.click(button)
    const backdrop = document.querySelector('.bottom-sheet__backdrop')
    if (!backdrop) throw new Error('no backdrop')
    fireEvent.click(backdrop)
    expect(screen.queryByRole('dialog', { name: 'ミッション' })).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('the gift sheet is a dialog named ギフト around the gift panel; its close button closes it', async () => {
    renderApp('/r/kirari_hoshino', fakeApi(liveRoom()), { nowMs: Date.now() })
    const button = await screen.findByRole('button', { name: 'ギフト' })
    expect(screen.queryByRole('dialog', { name: 'ギフト' })).toBeNull()
    fireEvent.click(button)
    const dialog = screen.getByRole('dialog', { name: 'ギフト' })
    expect(dialog.id).toBe('gift-sheet')
    expect(document.activeElement).toBe(dialog)
    expect(await within(dialog).findByRole('region', { name: 'ギフト' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }))
    expect(screen.queryByRole('dialog', { name: 'ギフト' })).toBeNull()
    expect(document.activeElement).toBe(button)
    // One sheet at a time: opening the missions leaves the gifts closed.
    await openMission()
    expect(screen.getByRole('dialog', { name: 'ミッション' })).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'ギフト' })).toBeNull()
  })
  it('Escape in the gift’s confirmation closes only that; the next Escape closes the sheet', async () => {
    const heart = {
      gift_id: 3,
      gift_name: 'ハート',
      free: false,
      point: 1,
      image: '/img/gift/3.svg',
      image2: '',
      icon: 0,
      label: 0,
      order_no: 3,
      scale: 100,
      dialog_id: 0,
      gift_type: 1,
      is_hidden: false,
      is_delete_from_stage: true,
    }
    const api = fakeApi({
      ...liveRoom(),
      '/api/live/gift_groups': {
        gift_groups: [{ name: '有料ギフト', is_default: true, gift_list: [heart] }],
      },
      '/api/live/current_user': {
        gold: 80,
        expiring_gold: 0,
        gift_list: { normal: [], enquete: [] },
        is_confirm_gifting_use_gold: true,
        fan_level: 0,
      },
    })
    renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
    fireEvent.click(await screen.findByRole('button', { name: 'ギフト' }))
    const sheet = screen.getByRole('dialog', { name: 'ギフト' })
    fireEvent.click(await within(sheet).findByRole('button', { name: /^ハート/ }))
    fireEvent.click(within(sheet).getByRole('button', { name: 'ギフトを送る' }))
    const confirm = screen.getByRole('dialog', { name: 'ギフトを送る' })
    fireEvent.keyDown(confirm, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'ギフトを送る' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'ギフト' })).toBe(sheet)
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'ギフト' })).toBeNull()
  })
})

describe('the room’s sheets from 900 px', () => {
  it('are cards in the page: no dialog, no backdrop, focus stays on the button', async () => {
    wideWindow()
    renderApp('/r/kirari_hoshino', fakeApi(liveRoom()), { nowMs: Date.now() })
    expect(await screen.findByRole('region', { name: 'ギフト' })).toBeTruthy()
    const button = await openMission()
    const panel = screen.getByRole('region', { name: 'ミッション' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.querySelector('.bottom-sheet__backdrop')).toBeNull()
    expect(document.activeElement).toBe(button)
    // Escape outside the card leaves it; inside it, closes it.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'コメント' }), { key: 'Escape' })
    expect(screen.getByRole('region', { name: 'ミッション' })).toBe(panel)
    fireEvent.keyDown(within(panel).getAllByRole('tab')[0] ?? panel, { key: 'Escape' })
    expect(screen.queryByRole('region', { name: 'ミッション' })).toBeNull()
  })
})
