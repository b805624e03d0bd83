// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import type { Locale } from '../../src/domain/locale.ts'
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

const JA = '配信が一時的に中断しています。再開までお待ちください。'
const interruption = (interrupted: boolean, reason: string) => ({
  t: 205,
  interrupted,
  reason,
  created_at: Math.floor(Date.now() / 1000),
})

async function openRoom(isInterrupted: boolean | undefined, locale: Locale = 'ja') {
  const api = fakeApi({
    ...liveRoom(),
    // An older answer without the field is as good as "not interrupted".
    '/api/live/live_info':
      isInterrupted === undefined
        ? { background_image_url: null }
        : { background_image_url: null, is_interrupted: isInterrupted },
  })
  renderApp('/r/kirari_hoshino', api, { nowMs: Date.now(), locale })
  await screen.findByTestId('gift-stage')
  await waitFor(() => expect(FakeSocket.open.at(-1)?.sent).toContain('SUB\t7:abc'))
  const socket = FakeSocket.open.at(-1)
  if (!socket) throw new Error('no push socket')
  return socket
}

/** The status region over the video: there all along, so screen readers hear both changes. */
const region = () => screen.getByTestId('live-interrupted')

describe('the room while OBS is away', () => {
  it('says so over the video of a room opened during an interruption, until it resumes', async () => {
    const socket = await openRoom(true)
    expect(region().getAttribute('role')).toBe('status')
    expect(region().textContent).toBe(JA)
    // The video's box holds it, so it covers the picture, not the page.
    expect(region().closest('.room__poster')).not.toBeNull()

    act(() => socket.push(interruption(false, 'disconnected')))
    await waitFor(() => expect(region().textContent).toBe(''))
    // The live went on all the while: still on air, no end screen.
    expect(screen.getByTestId('gift-stage')).toBeTruthy()
  })

  it('shows a stall pushed while watching, and hides it when the video is back', async () => {
    const socket = await openRoom(undefined)
    expect(region().textContent).toBe('')
    act(() => socket.push(interruption(true, 'stalled')))
    await waitFor(() => expect(region().textContent).toBe(JA))
    // A frame that does not fit the contract is dropped, not guessed at.
    act(() => socket.push(interruption(false, 'unplugged')))
    act(() => socket.push({ t: 205, interrupted: 'no', reason: 'stalled', created_at: 1 }))
    await act(() => new Promise((r) => setTimeout(r, 0)))
    expect(region().textContent).toBe(JA)
    act(() => socket.push(interruption(false, 'stalled')))
    await waitFor(() => expect(region().textContent).toBe(''))
  })

  it('goes with the live when it ends while interrupted', async () => {
    const socket = await openRoom(true)
    act(() => socket.push({ t: 101, created_at: Math.floor(Date.now() / 1000) }))
    await waitFor(() => expect(screen.queryByTestId('live-interrupted')).toBeNull())
    expect(screen.queryByText(JA)).toBeNull()
  })

  it('speaks the viewer’s language', async () => {
    await openRoom(true, 'en')
    expect(region().textContent).toBe(
      'The live is interrupted for a moment. Please wait for it to resume.',
    )
  })
})
