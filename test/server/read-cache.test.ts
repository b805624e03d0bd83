import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReadCache } from '../../server/read-cache.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { liveOf } from './socket.ts'

describe('shared reads kept for a moment', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { READ_CACHE_MS: '60000' })
  })
  afterAll(() => server.close())

  const viewNum = async () => {
    const body = (await (await server.get('/api/live/onlives')).json()) as {
      onlives: Array<{ lives: Array<{ room_url_key: string; view_num: number }> }>
    }
    return body.onlives.flatMap((g) => g.lives).find((l) => l.room_url_key === 'kirari_hoshino')
      ?.view_num
  }

  it('serves the on-air list and a live from the cache until any write empties it', async () => {
    const live = await liveOf(server, 'kirari_hoshino')
    const before = await viewNum()
    const info = async () =>
      (await (await server.get(`/api/live/live_info?room_id=${live.roomId}`)).json()) as {
        live_id: number
      }
    expect((await info()).live_id).toBe(live.liveId)
    await server.database.db
      .updateTable('lives')
      .set({ view_num: 424242, ended_at: new Date() })
      .where('id', '=', live.liveId)
      .execute()
    // Changed behind the server's back: still the kept answers.
    expect(await viewNum()).toBe(before)
    expect((await info()).live_id).toBe(live.liveId)
    // Any state-changing request handled here (even a refused one) empties the cache.
    const refused = await server.get('/api/live/post_live_comment', { method: 'POST' })
    expect(refused.status).toBe(403)
    expect(await viewNum()).toBeUndefined()
    expect((await info()).live_id).toBe(0)
  })
})

describe('read cache bounds', () => {
  it('keeps at most its size, dropping the least recently used, whatever keys callers make up', async () => {
    const cache = new ReadCache(60_000, 3)
    const loaded: string[] = []
    const get = (key: string) =>
      cache.get(key, () => {
        loaded.push(key)
        return Promise.resolve(key)
      })
    for (const key of ['a', 'b', 'c']) await get(key)
    // 'a' is used again, so 'b' is the one to go when 'd' comes.
    await get('a')
    await get('d')
    loaded.length = 0
    await get('a')
    await get('c')
    await get('d')
    expect(loaded).toEqual([])
    await get('b')
    expect(loaded).toEqual(['b'])
    for (let i = 0; i < 1000; i++) await get(`room:${i}`)
    expect(cache.size).toBe(3)
  })
})
