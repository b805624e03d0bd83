// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(() => {
  cleanup()
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

/** Room 7, its owner logged in, off air. */
function ownRoom(): Routes {
  const routes = liveRoom()
  const status = routes['/api/room/status'] as Record<string, unknown>
  return {
    ...routes,
    '/api/room/status': { ...status, is_owner: true, is_live: false, live_id: 0 },
    '/api/encoder/stream_url': { stream_url: 'rtmp://127.0.0.1:1935/live', stream_key: '7_k' },
    '/api/room/check_room_regulation': {
      under_18_room_regulation_status: 0,
      under_18_live_regulation_status: 0,
    },
    '/api/live/live_info': { is_abroad: false, is_under_16: false, is_under_18: false },
  }
}

/** A browser whose camera gives a stream, or refuses with `refusal`. */
function camera(refusal?: string) {
  const track = (kind: string) => ({ kind, readyState: 'live', enabled: true, stop: vi.fn() })
  const tracks = [track('video'), track('audio')]
  const stream = {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
  }
  const getUserMedia = vi.fn(() =>
    refusal ? Promise.reject(new DOMException('no', refusal)) : Promise.resolve(stream),
  )
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
  return { getUserMedia, tracks }
}

describe('going live from the browser (issue #51)', () => {
  it("is reached from the owner's menu", async () => {
    renderApp('/r/kirari_hoshino', fakeApi(ownRoom()))
    const link = await screen.findByTestId('room-broadcast-link')
    expect(link.getAttribute('href')).toBe('/r/kirari_hoshino/broadcast')
    expect(link.textContent).toBe('ブラウザから配信する')
  })

  it('shows the front camera, mirrored, with a big 配信開始 and the toggles', async () => {
    const { getUserMedia } = camera()
    renderApp('/r/kirari_hoshino/broadcast', fakeApi(ownRoom()))
    const status = await screen.findByTestId('broadcast-status')
    await waitFor(() => expect(status.dataset.state).toBe('preview'))
    expect(getUserMedia).toHaveBeenCalledWith({
      video: {
        facingMode: 'user',
        width: { ideal: 720 },
        height: { ideal: 1280 },
        frameRate: { ideal: 30 },
      },
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    })
    const video = screen.getByTestId<HTMLVideoElement>('broadcast-preview')
    expect(video.muted).toBe(true)
    expect(video.className).toContain('broadcast__video--mirrored')
    const start = screen.getByTestId<HTMLButtonElement>('broadcast-start')
    expect(start.textContent).toBe('配信開始')
    expect(start.disabled).toBe(false)
    for (const id of ['broadcast-switch-camera', 'broadcast-mute', 'broadcast-camera-off'])
      expect(screen.getByTestId(id)).toBeTruthy()
    screen.getByTestId('broadcast-camera-off').click()
    await waitFor(() => expect(video.hidden).toBe(true))
    expect(screen.getByText('カメラはオフです（音声だけ届いています）')).toBeTruthy()
  })

  it('says plainly when the camera is refused, with a retry', async () => {
    camera('NotAllowedError')
    renderApp('/r/kirari_hoshino/broadcast', fakeApi(ownRoom()))
    const error = await screen.findByTestId('broadcast-error')
    expect(error.textContent).toContain('カメラとマイクの使用が許可されていません')
    expect(screen.getByTestId('broadcast-status').dataset.state).toBe('error')
    expect(screen.getByRole('button', { name: 'もう一度' })).toBeTruthy()
  })

  it("tells someone else the page is the owner's, and opens no camera", async () => {
    const { getUserMedia } = camera()
    renderApp('/r/kirari_hoshino/broadcast', fakeApi(liveRoom()))
    const page = await screen.findByTestId('broadcast-page')
    const message = await within(page).findByTestId('broadcast-message')
    expect(message.textContent).toBe('この配信ページは、ルームのオーナーだけが使えます。')
    expect(getUserMedia).not.toHaveBeenCalled()
  })
})
