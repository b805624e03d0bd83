import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignAnswer, CampaignRankingAnswer } from '../../src/contract/campaign.ts'
import { LOCALES, localizePath } from '../../src/domain/locale.ts'
import { seedDemoCampaigns } from '../../server/db/seed-campaigns.ts'
import { logInDemo, startTestServer, type TestServer } from './harness.ts'
import { CAMPAIGN_ROUTES as ROUTES } from '../campaign-routes.ts'

describe('the demo’s campaign pages and share cards', () => {
  let server: TestServer
  const campaign = async (path: string, locale = 'ja') => {
    const res = await server.get(`/api/campaign?path=${path}`, {
      headers: { cookie: `kirari_locale=${locale}` },
    })
    expect(res.status).toBe(200)
    return (await res.json()) as CampaignAnswer
  }
  beforeAll(async () => {
    server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(() => server.close())

  it('seeds every /lp route of SPEC §2 with its layout, in the four locales', async () => {
    for (const [path, layout] of ROUTES) {
      const ja = await campaign(path)
      expect(ja.layout, path).toBe(layout)
      expect(ja.status, path).toBe(path === 'whiteday2024' ? 'ended' : 'open')
      expect(ja.body_html.length, path).toBeGreaterThan(20)
      expect((await server.get(ja.hero_image_url)).status, path).toBe(200)
      const summaries = new Set([ja.summary])
      for (const locale of LOCALES.filter((l) => l !== 'ja')) {
        summaries.add((await campaign(path, locale)).summary)
      }
      expect(summaries.size, path).toBe(4)
    }
    expect((await campaign('povo/spring')).measure).toBe('spring')
    expect((await campaign('idolcup')).pages.map((p) => p.path)).toEqual([
      'idolcup',
      'idolcup/ranking',
    ])
    expect((await campaign('liver-theme')).showcase).toBe('liver_themes')
    const update = await campaign('newcomer_liver/update_ranking')
    expect(update.ranking).toEqual({ kind: 'newcomer', days: 90, update_every_minutes: 60 })
  })

  it('ranks the demo idol cup’s entries, and answers the scheduled ranking with its countdown', async () => {
    const cup = await campaign('idolcup/ranking')
    expect(cup.cta?.url).toBe('/event/kirari_idol_cup')
    const res = await server.get(`/api/campaign/ranking?campaign_id=${cup.campaign_id}`)
    const answer = (await res.json()) as CampaignRankingAnswer
    const board = async () =>
      (
        (await (
          await server.get(`/api/campaign/ranking?campaign_id=${cup.campaign_id}`)
        ).json()) as CampaignRankingAnswer
      ).ranking
    // A gift to an entered room on air moves the cup's ranking on the next fetch.
    const entry = await server.database.db
      .selectFrom('event_entries')
      .innerJoin('events', 'events.id', 'event_entries.event_id')
      .innerJoin('lives', 'lives.room_id', 'event_entries.room_id')
      .select(['lives.id as live_id', 'lives.room_id'])
      .where('events.url_key', '=', 'kirari_idol_cup')
      .where('lives.ended_at', 'is', null)
      .executeTakeFirstOrThrow()
    const pointOf = (rows: CampaignRankingAnswer['ranking']) =>
      rows.find((r) => r.room_id === entry.room_id)?.point ?? 0
    const before = pointOf(await board())
    const { client } = await logInDemo(server)
    const sent = await client.postForm('/api/live/gifting_point_use', {
      live_id: String(entry.live_id),
      gift_id: '5',
      num: '2',
    })
    expect(sent.status).toBe(200)
    await expect.poll(async () => pointOf(await board())).toBe(before + 20)
    expect(answer.event).toMatchObject({
      event_url_key: 'kirari_idol_cup',
      event_name: 'Kirari アイドルカップ',
    })
    const update = await campaign('newcomer_liver/update_ranking')
    const scheduled = (await (
      await server.get(`/api/campaign/ranking?campaign_id=${update.campaign_id}`)
    ).json()) as CampaignRankingAnswer
    expect(scheduled.next_update_at).toBe(scheduled.as_of + 3600)
    expect(
      (await server.get(`/api/campaign/ranking?campaign_id=${(await campaign('bgm')).campaign_id}`))
        .status,
    ).toBe(404)
  })

  it('seeds nothing twice', async () => {
    const count = async () =>
      (await server.database.db.selectFrom('campaigns').select('id').execute()).length
    const before = await count()
    await seedDemoCampaigns(server.database.db)
    expect(await count()).toBe(before)
  })

  it('serves the campaign pages’ and the fixed pages’ share cards in the path’s locale', async () => {
    const idol = await (await server.get('/en/lp/idolcup')).text()
    expect(idol).toContain('<title>Kirari Idol Cup | Kirari</title>')
    expect(idol).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/img\/lp\/idolcup\.svg" \/>/,
    )
    const pages: Array<[string, string]> = [
      ['/virtual_liver', 'バーチャルライバー | Kirari'],
      ['/virtual_liver/events', 'バーチャルライバーのイベント | Kirari'],
      ['/virtual_liver/ranking/', 'バーチャルライバーランキング | Kirari'],
      ['/r/hc', '配信中ルームをはしご | Kirari'],
      [localizePath('/r/hc', 'th'), 'เดินดูห้องที่กำลังไลฟ์ | Kirari'],
      [localizePath('/virtual_liver', 'zh-tw'), '虛擬主播 | Kirari'],
    ]
    for (const [path, title] of pages) {
      const html = await (await server.get(path)).text()
      expect(html, path).toContain(`<title>${title}</title>`)
      expect(html, path).toContain(`<meta property="og:title" content="${title}" />`)
      expect(html, path).toContain('<meta property="og:description" content="')
    }
    // The hc hall is never taken for a room, even one named so.
    const hc = await (await server.get('/r/hc')).text()
    expect(hc).not.toContain('/api/room/profile')
  })
})
