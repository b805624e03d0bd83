// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { IngestStatus, IngestStatusAnswer } from '../../src/contract/ingest.ts'
import { liveRoom } from './live-room.ts'
import { fakeApi, renderApp, type Routes } from './render-app.tsx'

beforeAll(() => {
  window.scrollTo = () => {}
})
afterEach(cleanup)

const ingest = (keyframes: number, patch: Partial<IngestStatus> = {}): IngestStatus => ({
  receiving: true,
  stalled: false,
  since: 1_764_300_000_000,
  video: {
    codec: 'avc1.64001f',
    width: 1280,
    height: 720,
    frame_rate: 30,
    kbps: 2500,
    keyframe_interval: keyframes,
  },
  audio: { codec: 'mp4a.40.2', kbps: 128 },
  renditions: [
    { name: 'source', width: 1280, height: 720, running: true },
    { name: '360p', width: 640, height: 360, running: true },
  ],
  ...patch,
})

/** The owner's live room, the media host answering `answer` (a function: per call). */
function ownerRoom(answer: unknown): Routes {
  const routes = liveRoom()
  const status = routes['/api/room/status'] as Record<string, unknown>
  return {
    ...routes,
    '/api/room/status': { ...status, is_owner: true },
    '/api/encoder/stream_url': {
      stream_url: 'rtmp://127.0.0.1:1935/live',
      stream_key: '7_secretkey',
    },
    '/api/room/check_room_regulation': {
      under_18_room_regulation_status: 0,
      under_18_live_regulation_status: 0,
    },
    '/api/live/live_info': { is_abroad: false, is_under_16: false, is_under_18: false },
    '/api/live/ingest_status': answer,
  }
}

const section = async () => {
  const menu = await screen.findByRole('region', { name: '配信者メニュー' })
  return within(menu).findByRole('region', { name: '受信状況' })
}

describe('受信状況 in the broadcaster menu (issue #38)', () => {
  it('warns in plain words of a 6 s keyframe interval, with the fix', async () => {
    const api = fakeApi(ownerRoom({ on_air: true, ingest: ingest(6) } satisfies IngestStatusAnswer))
    renderApp('/r/kirari_hoshino', api)
    const received = await section()
    const status = await within(received).findByRole('status')
    expect(status.textContent).toContain(
      'キーフレーム間隔が6秒です。視聴者が見始めるまでと、画質が切り替わるまでに時間がかかります。OBSの 設定 → 出力 → キーフレーム間隔 を 2 にしてください。',
    )
    expect(within(received).getByTestId('ingest-keyframe').textContent).toBe('6.0 秒')
    expect(api.calls).toContain('/api/live/ingest_status?room_id=7')
  })

  it('tells the liver when OBS went away mid-live, and not the idle hint', async () => {
    const lost = { receiving: false, video: null, audio: null, renditions: [] }
    renderApp(
      '/r/kirari_hoshino',
      fakeApi(ownerRoom({ on_air: true, ingest: ingest(2, lost) } satisfies IngestStatusAnswer)),
    )
    const status = await within(await section()).findByRole('status')
    await waitFor(() =>
      expect(status.textContent).toContain(
        'OBS からの映像が届いていません。30 秒以内に配信を再開しないと、ライブは終了します。',
      ),
    )
    expect(status.textContent).not.toContain('受信していません')
  })

  it('shows what arrives and no warning for a 2 s keyframe interval', async () => {
    renderApp(
      '/r/kirari_hoshino',
      fakeApi(ownerRoom({ on_air: true, ingest: ingest(2) } satisfies IngestStatusAnswer)),
    )
    const received = await section()
    await within(received).findByTestId('ingest-resolution')
    expect(within(received).getByTestId('ingest-resolution').textContent).toBe('1280×720')
    expect(within(received).getByText('30 fps')).toBeTruthy()
    expect(within(received).getByTestId('ingest-bitrate').textContent).toBe('2,500 kbps')
    expect(within(received).getByTestId('ingest-keyframe').textContent).toBe('2.0 秒')
    const ladder = within(received).getByRole('list', { name: '視聴者に届ける画質' })
    expect(ladder.textContent).toContain('元の画質 1280×720')
    expect(ladder.textContent).toContain('360p 640×360')
    expect(within(received).queryByText(/キーフレーム間隔が/)).toBeNull()
    expect(within(received).getByRole('status').textContent).toBe(
      '視聴者に届けるうえで、気になる点はありません。',
    )
  })

  it('says nothing arrives off air, and that the encoder stalled', async () => {
    renderApp(
      '/r/kirari_hoshino',
      fakeApi(ownerRoom({ on_air: false, ingest: null } satisfies IngestStatusAnswer)),
    )
    const idle = await section()
    expect((await within(idle).findByRole('status')).textContent).toContain('受信していません')
    cleanup()

    renderApp(
      '/r/kirari_hoshino',
      fakeApi(ownerRoom({ on_air: true, ingest: ingest(2, { stalled: true }) })),
    )
    const stalled = await section()
    expect((await within(stalled).findByRole('status')).textContent).toContain(
      'OBS から映像が届いていません。',
    )
  })

  it('says the media host cannot be reached, in the panel only, and asks again on retry', async () => {
    let calls = 0
    const rendered = renderApp(
      '/r/kirari_hoshino',
      fakeApi(
        ownerRoom(() =>
          ++calls === 1
            ? { kind: 'maintenance', status: 503 }
            : ({ on_air: true, ingest: ingest(2) } satisfies IngestStatusAnswer),
        ),
      ),
    )
    const received = await section()
    await within(received).findByText(/映像の受信サーバーに接続できません/)
    // Not the site's maintenance: the room stays.
    expect(rendered.router.state.location.pathname).toBe('/r/kirari_hoshino')
    expect(rendered.reported).toEqual([])
    fireEvent.click(within(received).getByRole('button', { name: '再読み込み' }))
    await waitFor(() =>
      expect(within(received).getByTestId('ingest-keyframe').textContent).toBe('2.0 秒'),
    )
  })
})
