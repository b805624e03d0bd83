import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OnlivesResponse } from '../../src/domain/api-types.ts'
import type { LiveTagAutocompleteAnswer, LiveTagsAnswer } from '../../src/contract/search.ts'
import { TAG_MESSAGES } from '../../src/domain/live-tags.ts'
import { openLive } from '../../server/services/lives.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

describe.each(await testEngines())('live tags on %s', (engine) => {
  let server: TestServer
  let liver: Awaited<ReturnType<typeof logInDemo>>
  let roomId = 0
  let liveId = 0

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    liver = await logInDemo(server, 'demo_liver')
    const room = await server.database.db
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', liver.userId)
      .executeTakeFirstOrThrow()
    roomId = room.id
    liveId = (await openLive(server.database.db, { roomId }))?.live_id ?? 0
  })
  afterAll(() => server.close())

  it('refuses each bad tag with its message, and stores the good ones in order', async () => {
    const refused = async (tags: string[]) => {
      const answer = await liver.client.postJson('/api/live_tags', { live_id: liveId, tags })
      expect(answer.status).toBe(400)
      return (answer.body.errors as Array<{ error_user_msg: string }>)[0]?.error_user_msg
    }
    expect(await refused(['あ'.repeat(21)])).toBe(TAG_MESSAGES.tooLong)
    expect(await refused(['a', 'b', 'c', 'd', 'e', 'f'])).toBe(TAG_MESSAGES.tooMany)
    expect(await refused(['LINE交換しよ'])).toBe(TAG_MESSAGES.forbidden('line交換'))
    expect(await refused(['弾き 語り'])).toBe(TAG_MESSAGES.symbol)
    expect(await refused(['雑談', 'ｻﾞﾂﾀﾞﾝ', '雑談'])).toBe(TAG_MESSAGES.duplicate)
    expect(await refused(['  '])).toBe(TAG_MESSAGES.empty)
    const validate = await server.get(`/api/live_tag/validate?tag=${encodeURIComponent('#歌')}`)
    expect(validate.status).toBe(400)
    expect(
      await (await server.get(`/api/live_tag/validate?tag=${encodeURIComponent('ｳﾀ')}`)).json(),
    ).toEqual({ ok: true, tag: 'ウタ' })

    const saved = await liver.client.postJson('/api/live_tags', {
      live_id: liveId,
      tags: ['弾き語り', 'ｱｺｷﾞ'],
    })
    expect(saved.body).toEqual({ live_id: liveId, tags: ['弾き語り', 'アコギ'] })
    const viewer = await logInDemo(server, 'demo_viewer')
    const stranger = await viewer.client.postJson('/api/live_tags', {
      live_id: liveId,
      tags: ['x'],
    })
    expect(stranger.status).toBe(403)

    const read = (await (
      await server.get(`/api/live_tags?room_id=${roomId}`)
    ).json()) as LiveTagsAnswer
    expect(read.tags).toEqual(['弾き語り', 'アコギ'])
    const profile = await viewer.client.json(`/api/room/profile?room_id=${roomId}`)
    expect(profile.body.live_tags).toEqual(['弾き語り', 'アコギ'])
  })

  it('lists the rooms on air with a tag, and completes tags in use', async () => {
    await liver.client.postJson('/api/live_tags', { live_id: liveId, tags: ['ピアノ連弾'] })
    const tagged = (await (
      await server.get(`/api/live/onlives?tag=${encodeURIComponent('ピアノ連弾')}`)
    ).json()) as OnlivesResponse
    const lives = tagged.onlives.flatMap((g) => g.lives)
    expect(lives.map((l) => l.room_id)).toEqual([roomId])
    expect(lives[0]?.tags).toEqual(['ピアノ連弾'])
    const complete = (await (
      await server.get(`/api/search/autocomplete_live_tag?keyword=${encodeURIComponent('ピアノ')}`)
    ).json()) as LiveTagAutocompleteAnswer
    expect(complete.tags).toEqual([{ tag: 'ピアノ連弾', onlive_num: 1 }])
  })
})
