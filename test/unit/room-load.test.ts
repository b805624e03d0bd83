import { describe, expect, it } from 'vitest'
import type { RoomPageState } from '../../src/contract/room-page.ts'
import { completeRoomLoad, loadRoom } from '../../src/effects/api/room-load.ts'
import { liveRoom } from '../view/live-room.ts'
import { fakeApi } from '../view/render-app.tsx'

const page = (patch: Partial<RoomPageState> = {}): RoomPageState => ({
  room_id: 7,
  room_url_key: 'kirari_hoshino',
  room_name: '星野きらりの部屋',
  share_url: 'https://kirari.example/room/profile?room_id=7',
  is_live: true,
  live_id: 70,
  streaming_url_list: [
    { id: 100, type: 'hls_all', label: '自動', url: 'https://kirari.example/hls/k/abr.m3u8' },
  ],
  ...patch,
})
const device = { mutedUsers: () => [], giftSound: () => true }

describe('a room page’s first load with the room the page carries (issue #39)', () => {
  it('asks everything at once, the lookup included, and plays the page’s streams', async () => {
    const api = fakeApi(liveRoom())
    const loaded = await loadRoom(api, 'kirari_hoshino', { ...device, page: page() })
    // The calls by room id started before the lookup answered: all of them in one go.
    expect(api.calls[0]).toBe('/api/room/status?room_url_key=kirari_hoshino')
    expect(api.calls).toContain('/api/live/comment_log?room_id=7')
    expect(api.calls.some((c) => c.startsWith('/api/live/streaming_url'))).toBe(false)
    expect(loaded.streams.map((s) => s.url)).toEqual(['https://kirari.example/hls/k/abr.m3u8'])
    expect(loaded.room.isLive).toBe(true)
  })

  it('asks the API as before for another room, or when the live ended meanwhile', async () => {
    const api = fakeApi(liveRoom())
    await loadRoom(api, 'kirari_hoshino', { ...device, page: page({ room_url_key: 'other' }) })
    expect(api.calls).toContain('/api/live/streaming_url?room_id=7')
    const routes = liveRoom()
    const ended = fakeApi({
      ...routes,
      '/api/room/status': { ...(routes['/api/room/status'] as object), is_live: false },
    })
    const off = await loadRoom(ended, 'kirari_hoshino', { ...device, page: page() })
    expect(off.room.isLive).toBe(false)
    expect(off.streams).toEqual([])
  })

  it('makes a load started before the session the visitor’s own', async () => {
    const api = fakeApi({
      ...liveRoom(),
      '/api/navigator/my_rights': { is_navigator: true, rights: ['comment_delete'] },
    })
    const early = loadRoom(api, 'kirari_hoshino', { ...device, page: page() })
    const mine = await completeRoomLoad(api, early, {
      mutedUsers: () => [{ userId: 3, name: 'x' }],
      giftSound: () => false,
      loggedIn: () => true,
    })
    expect(mine.room.navigatorRights).toEqual(['comment_delete'])
    expect(mine.giftSound).toBe(false)
    expect(mine.muted).toHaveLength(1)
  })
})
