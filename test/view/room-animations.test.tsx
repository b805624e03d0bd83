// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import type { AnimationsAnswer } from '../../src/contract/site-dialog.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp } from './render-app.tsx'

/** A push socket the test speaks for: frames are delivered as the server would send them. */
class FakeSocket extends EventTarget {
  static open: FakeSocket[] = []
  sent: string[] = []
  constructor(readonly url: string) {
    super()
    FakeSocket.open.push(this)
    queueMicrotask(() => this.dispatchEvent(new Event('open')))
  }
  send(data: string) {
    this.sent.push(data)
  }
  close() {}
  push(frame: object) {
    const data = `MSG\t7:abc\t${JSON.stringify(frame)}`
    this.dispatchEvent(new MessageEvent('message', { data }))
  }
}

beforeAll(() => {
  window.scrollTo = () => {}
  vi.stubGlobal('WebSocket', FakeSocket)
})
afterAll(() => vi.unstubAllGlobals())
afterEach(() => {
  cleanup()
  FakeSocket.open = []
})

const catalogue: AnimationsAnswer = {
  animations: [
    { animation_id: 1, kind: 'gift', gift_id: 3, min_num: 10, effect: 'float', duration_ms: 2400 },
    {
      animation_id: 9,
      kind: 'rank_up',
      gift_id: null,
      min_num: 1,
      effect: 'fanfare',
      duration_ms: 2800,
    },
  ],
}
const gift = (g: number, n: number) => ({
  t: 2,
  n,
  g,
  gt: 1,
  ac: 'ファン',
  u: 9,
  av: 1,
  ua: 0,
  at: 0,
  created_at: Math.floor(Date.now() / 1000),
})
const standing = (rank: number) => ({
  t: 203,
  event_id: 5,
  event_name: 'アイドルカップ',
  ended_at: Math.floor(Date.now() / 1000) + 86_400,
  rank,
  point: 1000,
  gap: 10,
  next_rank: rank - 1,
  lower_rank: rank + 1,
  lower_gap: 5,
  created_at: Math.floor(Date.now() / 1000),
})

async function openRoom() {
  const api = fakeApi({ ...liveRoom(), '/api/animations': catalogue })
  renderApp('/r/kirari_hoshino', api, { nowMs: Date.now() })
  await screen.findByTestId('gift-stage')
  await waitFor(() => expect(api.calls).toContain('/api/animations'))
  await waitFor(() => expect(FakeSocket.open.at(-1)?.sent).toContain('SUB\t7:abc'))
  // The catalogue's answer reaches the overlay.
  await act(() => new Promise((r) => setTimeout(r, 0)))
  const socket = FakeSocket.open.at(-1)
  if (!socket) throw new Error('no push socket')
  return socket
}

describe('room animations', () => {
  it("plays a gift push that reaches its gift's animation, drawn with the gift, out of the way", async () => {
    const socket = await openRoom()
    act(() => socket.push(gift(3, 9)))
    await screen.findByText(/ファン|×9/, { selector: '.gift-stage__item span' })
    expect(screen.queryByTestId('room-animations')).toBeNull()

    act(() => socket.push(gift(3, 10)))
    const overlay = await screen.findByTestId('room-animations')
    expect(overlay.getAttribute('aria-hidden')).toBe('true')
    const play = overlay.querySelector('[data-effect]')
    expect(play?.getAttribute('data-effect')).toBe('float')
    expect(overlay.querySelector('img')?.getAttribute('src')).toContain('3')
    expect(overlay.textContent).toContain('×10！')
  })

  it('plays the rank-up fanfare when the room climbs in its event, not when it enters or falls', async () => {
    const socket = await openRoom()
    act(() => socket.push(standing(5)))
    await screen.findByTestId('event-badge')
    act(() => socket.push(standing(6)))
    await waitFor(() => expect(screen.getByTestId('event-rank').textContent).toContain('6'))
    expect(screen.queryByTestId('room-animations')).toBeNull()
    act(() => socket.push(standing(3)))
    const overlay = await screen.findByTestId('room-animations')
    expect(overlay.querySelector('[data-effect]')?.getAttribute('data-effect')).toBe('fanfare')
    expect(overlay.textContent).toContain('ランクアップ！ 3位')
  })
})
