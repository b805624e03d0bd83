import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logInDemo, startTestServer, type TestServer } from './harness.ts'
import { TestClient } from './client.ts'
import { AnswerChecker, CheckedClient, loadOpenApi, openApiPath } from './openapi-answers.ts'

// One engine: what is checked is the shape of the answers, which the SQL under them does not
// change (the other server suites run on PostgreSQL too).
describe('answers of the real server fit the OpenAPI document (issue #39)', () => {
  let server: TestServer
  let checker: AnswerChecker
  let honoRoutes: Array<{ method: string; path: string }> = []
  const checked = new Set<string>()
  const db = () => server.database.db
  let anonymous: CheckedClient
  let viewer: CheckedClient
  let liver: CheckedClient
  let organizer: CheckedClient
  let viewerId = 0
  /** A room on air, and its live. */
  let onAir = { room: 0, live: 0 }
  let liverRoom = 0

  beforeAll(async () => {
    checker = new AnswerChecker(await loadOpenApi())
    server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' }, (app) => {
      honoRoutes = app.routes.map((r) => ({ method: r.method.toLowerCase(), path: r.path }))
    })
    const as = async (account: string) => {
      const { client, userId } = await logInDemo(server, account)
      return { client: new CheckedClient(client, checker, checked), userId }
    }
    anonymous = new CheckedClient(new TestClient(server.url), checker, checked)
    const v = await as('demo_viewer')
    viewer = v.client
    viewerId = v.userId
    const l = await as('demo_liver')
    liver = l.client
    organizer = (await as('demo_organizer')).client
    const live = await db()
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .select(['lives.id as live', 'rooms.id as room'])
      .where('lives.ended_at', 'is', null)
      .where('rooms.room_url_key', '=', 'kirari_hoshino')
      .executeTakeFirstOrThrow()
    onAir = live
    liverRoom = (
      await db()
        .selectFrom('rooms')
        .select('id')
        .where('owner_user_id', '=', l.userId)
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(async () => {
    await server.close()
    const total = checker.operations().length
    console.log(`openapi: ${checked.size} of ${total} operations checked against real answers`)
    if (process.env.OPENAPI_UNCHECKED) {
      console.log(
        checker
          .operations()
          .filter((op) => !checked.has(op))
          .join('\n'),
      )
    }
  })

  it('every operation of the document is a route of the server', () => {
    const served = new Set(honoRoutes.map((r) => `${r.method} ${openApiPath(r.path)}`))
    const missing = checker.operations().filter((op) => !served.has(op))
    expect(missing).toEqual([])
  })

  it('the live a viewer watches', async () => {
    const room = onAir.room
    for (const url of [
      '/api/live/onlive_num',
      '/api/live/onlives',
      '/api/live/onlives?is_pickup=1&lang=en',
      `/api/live/live_info?room_id=${room}`,
      `/api/live/streaming_url?room_id=${room}`,
      `/api/live/streaming_url?room_id=${liverRoom}`,
      `/api/live/comment_log?room_id=${room}`,
      `/api/live/telop?room_id=${room}`,
      `/api/live/telop?live_id=${onAir.live}`,
      `/api/live/polling?room_id=${room}`,
      `/api/live/polling?room_id=${liverRoom}`,
      `/api/live/gift_log?room_id=${room}`,
      `/api/live/enquete_result?room_id=${room}`,
      `/api/live/stage_user_list?room_id=${room}`,
      `/api/live/stage_gift_list?room_id=${room}`,
      `/api/live/summary_ranking?room_id=${room}`,
      '/api/live/gift_list',
      '/api/live/gift_groups',
      `/room/is_live?room_id=${room}`,
    ]) {
      await anonymous.get(url)
    }
    await anonymous.get(`/api/live/current_user?room_id=${room}`)
    await viewer.get(`/api/live/current_user?room_id=${room}`)
    await viewer.post('/api/live/post_live_comment', { live_id: onAir.live, comment: '8888' })
    await viewer.get(`/api/live/comment_log?room_id=${room}`)
  })

  it('a room and what it shows', async () => {
    const room = onAir.room
    for (const url of [
      '/api/room/status?room_url_key=kirari_hoshino',
      `/api/room/profile?room_id=${room}`,
      `/api/room/banners?room_id=${room}`,
      `/api/room/event_and_support?room_id=${room}`,
      `/api/room/welcome_comment?room_id=${room}`,
      `/api/recommended_live_comment?room_id=${room}`,
      `/api/room/check_room_regulation?room_id=${room}`,
      `/api/room/next_live?room_id=${room}`,
      `/api/room/greeting?room_id=${room}`,
      `/api/room/liver_theme?room_id=${room}`,
      `/api/live_tags?room_id=${room}`,
      `/api/parties/channels?room_id=${room}`,
      `/api/navigator/my_rights?room_id=${room}`,
      '/api/liver_themes',
      '/api/pick_up_liver_themes',
      '/api/live_tag/validate?tag=歌',
      '/api/search/autocomplete_live_tag?keyword=歌',
      '/api/bad_report/live_bad_report_category_list',
      '/api/time_table/time_tables',
    ]) {
      await anonymous.get(url)
    }
  })

  it('a viewer follows, and reads their own pages', async () => {
    await viewer.post('/api/room/follow', { room_id: onAir.room, flag: 1 })
    await viewer.postForm('/api/room/update_follow', { room_id: String(onAir.room), flag: '1' })
    for (const url of [
      '/api/follow/rooms',
      '/api/follow/onlives',
      '/api/follow/schedules',
      '/api/follow/genres',
      '/api/current_user',
      '/api/account',
      '/api/users/me/avatars',
      '/api/user/free_gifts',
      '/api/user/legal_representative_agreement',
      '/api/mission',
      '/api/notice',
      '/api/user/medals',
      `/api/user/profile?user_id=${viewerId}`,
      '/api/payment/time_limited_pack',
      '/api/povo_ec/shipping_address',
      '/api/ad_reward/user',
      '/api/gachas/user/hist',
    ]) {
      await viewer.get(url)
    }
    await viewer.post('/api/room/push_send_status', { room_id: onAir.room, status: 1 })
  })

  it('the site, search, events and rankings', async () => {
    for (const url of [
      '/api/csrf_token',
      '/api/current_user',
      '/api/captcha',
      '/api/service_settings',
      '/api/animations',
      '/api/inquiry',
      '/api/dialog?path=/',
      '/api/search/room_genres',
      '/api/search/rooms?keyword=kirari',
      '/api/search/autocomplete_room?keyword=k',
      '/api/recommend_event',
      '/api/event/on_going_events',
      '/api/genre_ranking/room_genre',
      '/api/genre_ranking/all/daily',
      '/api/genre_ranking/all/weekly/2',
      '/api/virtual_liver/rooms',
      '/api/virtual_liver/events',
      '/api/virtual_liver/ranking',
      `/api/show_rank?room_id=${onAir.room}`,
      `/api/show_rank/event_result?room_id=${onAir.room}`,
      `/api/room_grade?room_id=${onAir.room}`,
      `/api/room/medals?room_id=${onAir.room}`,
    ]) {
      await anonymous.get(url)
    }
    const event = await db()
      .selectFrom('events')
      .select(['id', 'url_key'])
      .where('url_key', '=', 'kirari_winter_cup')
      .executeTakeFirstOrThrow()
    for (const part of [
      'abstraction',
      'description',
      'onlive_rooms',
      'on_going_events',
      'rooms',
      'quest_rooms',
      'ranking',
      'confirmation_abstraction',
      'confirmation_description',
    ]) {
      await anonymous.get(`/api/event/${event.url_key}/${part}`)
    }
    await anonymous.get(`/api/event/${event.id}/abstraction`)
    await liver.get(`/api/event/${event.url_key}/can_apply`)
  })

  it('gacha and the shops', async () => {
    const gachas = await anonymous.get('/api/gachas')
    const gacha = await db().selectFrom('gachas').select('id').executeTakeFirstOrThrow()
    await anonymous.get(`/api/gachas/${gacha.id}`)
    await viewer.get(`/api/gachas/${gacha.id}/user`)
    await viewer.get(`/api/gachas/${gacha.id}/draw/showgold`)
    await viewer.get(`/api/gachas/${gacha.id}/user/hist/goods`)
    await anonymous.get('/api/ad_reward/gacha')
    expect(gachas).toBeTruthy()
    for (const url of [
      '/api/ec/categories',
      `/api/ec/room/${onAir.room}/items`,
      `/api/ec/room/config?room_id=${onAir.room}`,
      '/api/povo_ec/top_banners',
      '/api/povo_ec/packages',
      '/api/povo_ec/packages/recommends',
    ]) {
      await anonymous.get(url)
    }
    const plan = await db()
      .selectFrom('shop_plans')
      .select(['id', 'package_id'])
      .executeTakeFirstOrThrow()
    await anonymous.get(`/api/povo_ec/packages/${plan.package_id}/plans`)
    await anonymous.get(`/api/povo_ec/plans/${plan.id}`)
  })

  it("the liver's tools: a live started, a telop, a vote, the end", async () => {
    const room = liverRoom
    for (const url of [
      `/api/obs/obs_key?room_id=${room}`,
      `/api/encoder/stream_url?room_id=${room}`,
      `/api/live/ingest_status?room_id=${room}`,
      `/api/navigator/permission?room_id=${room}`,
      `/api/room/organizer?room_id=${room}`,
      `/api/ec/room/items_for_owner?room_id=${room}`,
      '/api/room_backgrounds',
    ]) {
      await liver.get(url)
    }
    await liver.post('/api/room/welcome_comment', { room_id: room, comment: 'ようこそ' })
    await liver.delete(`/api/room/welcome_comment?room_id=${room}`)
    const open = await db()
      .selectFrom('lives')
      .select('id')
      .where('room_id', '=', room)
      .where('ended_at', 'is', null)
      .executeTakeFirst()
    if (open) await liver.post('/api/encoder/live_end', { live_id: open.id })
    const started = await liver.post('/api/encoder/live_start', { room_id: room })
    const liveId = Number(started.live_id)
    await liver.get(`/api/live/live_info?room_id=${room}`)
    await liver.post('/api/encoder/post_telop', { live_id: liveId, telop: 'こんばんは' })
    await liver.post('/api/encoder/delete_telop', { live_id: liveId })
    await liver.post('/api/encoder/enquete_start', { live_id: liveId, options: 2 })
    await anonymous.get(`/api/live/enquete_result?room_id=${room}`)
    await liver.post('/api/encoder/enquete_end', { live_id: liveId })
    await liver.post('/api/encoder/live_end', { live_id: liveId })
  })

  it("an organizer's pages", async () => {
    await organizer.get('/api/organizer/events')
    await organizer.get('/api/organizer/rooms')
    await organizer.get('/api/organizer/application')
  })

  it('an answer outside the document is caught', async () => {
    const url = `/api/live/live_info?room_id=${onAir.room}`
    const real = (await (await server.get(url)).json()) as Record<string, unknown>
    expect(checker.problems('get', url, real)).toEqual([])
    // A field the contract does not have, one missing, one of the wrong type, a call not in it.
    expect(checker.problems('get', url, { ...real, surprise: 1 })).not.toEqual([])
    const { room_name: _, ...withoutName } = real
    expect(checker.problems('get', url, withoutName)).not.toEqual([])
    expect(checker.problems('get', url, { ...real, live_status: 'on' })).not.toEqual([])
    expect(checker.problems('get', '/api/not_a_call', {})).not.toEqual([])
    await expect(anonymous.get('/api/live/live_info?room_id=x')).rejects.toThrow(/400/)
  })
})
