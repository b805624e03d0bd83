import { afterAll, beforeAll, describe, it } from 'vitest'
import { logInDemo, startTestServer, type TestServer } from './harness.ts'
import { TestClient } from './client.ts'
import { AnswerChecker, CheckedClient, loadOpenApi } from './openapi-answers.ts'

/** Tokyo wall time `YYYY-MM-DDTHH:mm`, a day ahead, as a datetime-local field sends it. */
const tomorrowInTokyo = () =>
  new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 16)

// The calls that change something, walked as the app makes them, each answer checked against
// the OpenAPI document (openapi-answers.test.ts walks the reads). One engine, as there.
describe('answers of the calls that change things fit the OpenAPI document (issue #39)', () => {
  let server: TestServer
  let checker: AnswerChecker
  const checked = new Set<string>()
  const db = () => server.database.db
  let viewer: CheckedClient
  let liver: CheckedClient
  let organizer: CheckedClient
  let viewerId = 0
  let onAir = { room: 0, live: 0 }
  let liverRoom = 0

  beforeAll(async () => {
    checker = new AnswerChecker(await loadOpenApi())
    server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' })
    const as = async (account: string) => {
      const { client, userId } = await logInDemo(server, account)
      return { client: new CheckedClient(client, checker, checked), userId }
    }
    const v = await as('demo_viewer')
    viewer = v.client
    viewerId = v.userId
    const l = await as('demo_liver')
    liver = l.client
    organizer = (await as('demo_organizer')).client
    onAir = await db()
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .select(['lives.id as live', 'rooms.id as room'])
      .where('lives.ended_at', 'is', null)
      .where('rooms.room_url_key', '=', 'kirari_hoshino')
      .executeTakeFirstOrThrow()
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
    console.log(`openapi: ${checked.size} operations that change things checked`)
  })

  it('sign-up, login and logout', async () => {
    const browser = new TestClient(server.url)
    const anonymous = new CheckedClient(browser, checker, checked)
    await anonymous.get('/api/captcha')
    const password = 'kirari-pass-2024'
    const account = { account_id: 'openapi_walker', password, password_confirm: password }
    await anonymous.post('/user/sign_up', {
      ...account,
      name: 'ウォーカー',
      captcha_word: 'kirari',
    })
    // Each of these starts a new session, with a new CSRF token.
    browser.forgetToken()
    await anonymous.post('/user/logout_api', {})
    browser.forgetToken()
    await anonymous.get('/api/captcha')
    await anonymous.post('/user/login', { ...account, captcha_word: 'kirari' })
    browser.forgetToken()
    await anonymous.post('/user/forget_mail_send', { mail_address: 'nobody@kirari.example' })
  })

  it('gifts, gacha and the shops', async () => {
    const gift = await db()
      .selectFrom('gifts')
      .select('id')
      .where('free', '=', false)
      .orderBy('point')
      .executeTakeFirstOrThrow()
    await viewer.post('/api/live/gifting_point_use', {
      live_id: onAir.live,
      gift_id: gift.id,
      num: 1,
    })
    await viewer.post('/user/update_gift_use_flg', { type: 1, flg: 0 })
    const gacha = await db().selectFrom('gachas').select('id').executeTakeFirstOrThrow()
    await viewer.post(`/api/gachas/${gacha.id}/draw`, { draw_count: '1' })
    // A plan ships goods: the address first.
    await viewer.post('/api/povo_ec/shipping_address', {
      name: '山田 太郎',
      postal_code: '1500001',
      prefecture: '東京都',
      city: '渋谷区',
      address_line1: '神宮前1-1-1',
      address_line2: '',
      phone: '0312345678',
    })
    const plan = await db().selectFrom('shop_plans').select('id').executeTakeFirstOrThrow()
    const reserved = await viewer.post('/api/povo_ec/plans/reserve', {
      plan_id: plan.id,
      client_key: 'openapi-walk-1',
    })
    const order = reserved.order as { order_id: string }
    await viewer.get(`/api/payment/orders/${order.order_id}`)
    await viewer.post('/api/povo_ec/payment/reserve', { order_id: order.order_id })
    await viewer.post('/api/payment/confirm', { order_id: order.order_id })
  })

  it("a room owner's settings", async () => {
    const room = liverRoom
    await liver.post('/api/room/greeting', { room_id: room, greeting: 'ようこそ' })
    await liver.post('/api/room/next_live', {
      room_id: room,
      starts_at: tomorrowInTokyo(),
      title: '歌枠',
    })
    const theme = await db().selectFrom('liver_themes').select('id').executeTakeFirstOrThrow()
    await liver.post('/api/room/liver_theme', { room_id: room, theme_id: theme.id })
    await liver.post('/api/room/upsert_room_regulation', {
      room_id: room,
      is_under_18_room_regulation: 0,
    })
    await liver.post('/api/obs/obs_key', { room_id: room })
    await liver.get('/api/room_backgrounds')
    await liver.post('/api/room_backgrounds/fixed', { is_fixed: 1 })
    await liver.post('/api/room_backgrounds/reset', {})
    await liver.post('/api/bad_report/block_post', { room_id: room, user_id: viewerId, status: 0 })
    await liver.get(`/api/ec/room/${room}/purchase_logs`)
  })

  it("a viewer's reports, account and avatar", async () => {
    const reasons = await viewer.get('/api/bad_report/live_bad_report_category_list')
    const [reason] = reasons.categories as Array<{ id: number }>
    const category_id = String(reason?.id)
    await viewer.post('/api/bad_report/live_report', { live_id: onAir.live, category_id })
    const owner = await db()
      .selectFrom('rooms')
      .select('owner_user_id')
      .where('id', '=', onAir.room)
      .executeTakeFirstOrThrow()
    await viewer.post('/api/bad_report/user_report', {
      room_id: onAir.room,
      user_id: owner.owner_user_id,
      category_id,
    })
    await viewer.post('/api/account/update', { name: 'デモ視聴者' })
    const avatars = await viewer.get('/api/users/me/avatars')
    const worn = Number(avatars.current_avatar_id ?? avatars.avatar_id ?? 0)
    await viewer.post('/api/user_avatar/fav', { avatar_id: worn, is_fav: 1 })
    await viewer.post('/api/user/update_user_avatar', { avatar_id: worn })
    await viewer.post('/api/opinion/create', { body: 'APIの説明がほしい' })
    await viewer.post('/api/inquiry', {
      category: 'other',
      mail_address: 'demo_viewer@kirari.example',
      body: 'お問い合わせです',
    })
    await viewer.get('/api/user/invoice/init')
    await viewer.post('/api/user/agree_new_terms', { terms_version: server.config.termsVersion })
  })

  it('events, organizers, standings', async () => {
    const event = await db()
      .selectFrom('events')
      .select(['id', 'url_key'])
      .where('url_key', '=', 'kirari_winter_cup')
      .executeTakeFirstOrThrow()
    await viewer.get(`/api/event/contribution_ranking?event_id=${event.id}&room_id=${onAir.room}`)
    await viewer.get(`/support/get_support_users?event_id=${event.id}&room_id=${onAir.room}`)
    await organizer.get(`/api/organizer/events/${event.id}/entries`)
    await organizer.post('/api/organizer/rooms', { room_url_key: 'aoi_music' })
    await viewer.post('/api/organizer/application', {
      company_name: 'キラリ企画',
      contact_name: '山田',
      contact_mail: 'demo_viewer@kirari.example',
      contact_phone: '0312345678',
    })
    const year = new Date().getFullYear()
    await liver.get('/api/genre_ranking/me')
    await liver.get(`/api/room_memory?year=${year}`)
    await liver.get(`/api/show_rank/monthly_report?year=${year}&month=1`)
    await liver.get(`/api/jewel_hist?room_id=${liverRoom}`)
    await viewer.get(`/api/user/medals?user_id=${viewerId}`)
    const notice = await db().selectFrom('user_notices').select('id').executeTakeFirst()
    if (notice) await viewer.get(`/api/notice/${notice.id}`)
  })

  it('ad rewards, medals, campaigns, a room shop and an organizer link', async () => {
    const lottery = await viewer.get('/api/ad_reward/gacha')
    if (typeof lottery.gacha_id === 'number') {
      await viewer.get(`/api/ad_reward/can_watch?gacha_id=${lottery.gacha_id}`)
      const watch = await viewer.post('/api/ad_reward/watch', { gacha_id: lottery.gacha_id })
      await viewer.get(`/api/ad_reward/watch?watch_id=${String(watch.watch_id)}`)
    }
    const medal = await db()
      .selectFrom('medals')
      .select(['owner_id', 'medal_id'])
      .where('owner', '=', 'room')
      .executeTakeFirstOrThrow()
    await viewer.get(`/api/room/medal?room_id=${medal.owner_id}&medal_id=${medal.medal_id}`)
    await liver.get(`/api/show_rank/live_result?room_id=${liverRoom}`)
    // One with a ranking (the others' ranking is a 404).
    const campaign = await db()
      .selectFrom('campaigns')
      .select(['id', 'path'])
      .where('ranking', 'is not', null)
      .executeTakeFirstOrThrow()
    await viewer.get(`/api/campaign?path=${encodeURIComponent(campaign.path)}`)
    await viewer.get(`/api/campaign/ranking?campaign_id=${campaign.id}`)

    const category = await db().selectFrom('ec_categories').select('id').executeTakeFirstOrThrow()
    const saved = await liver.post('/api/ec/room/items', {
      room_id: liverRoom,
      name: 'サイン色紙',
      description: '直筆です',
      category_id: category.id,
      price: 1000,
      stock: 5,
      is_hidden: 0,
    })
    const item = saved.item as { item_id: number }
    await viewer.post(`/api/ec/room/${liverRoom}/purchase/reserve`, {
      item_id: item.item_id,
      quantity: '1',
      client_key: 'openapi-walk-2',
    })
    await liver.post(`/api/ec/room/items/${item.item_id}/visibility`, { is_hidden: 1 })

    await organizer.post('/api/organizer/rooms', { room_url_key: 'demo_liver_room' })
    await liver.post('/api/room/organizer', { room_id: liverRoom, accept: true })
    await organizer.post('/api/navigator/permission', {
      room_id: liverRoom,
      account_id: 'demo_viewer',
      rights: ['telop'],
    })
  })
})
