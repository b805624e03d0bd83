import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignAnswer } from '../../src/contract/campaign.ts'
import { runCampaignCommand } from '../../server/cli/campaign.ts'
import { startTestServer, type TestServer } from './harness.ts'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A campaign record as an operator writes it, open from yesterday for a month unless told. */
export function record(path: string, extra: Record<string, unknown> = {}) {
  return {
    path,
    layout: 'lp',
    content: {
      ja: {
        title: `春の配信まつり ${path}`,
        summary: '春の新しい配信を応援します。',
        body: '## 参加方法\n\nルームで配信するだけ。',
        cta_label: '詳しく見る',
      },
      en: {
        title: `Spring stream fest ${path}`,
        summary: 'Cheering new spring streams.',
        body: 'Just go live.',
        cta_label: 'Learn more',
      },
    },
    hero_image_url: '/img/lp/bgm.svg',
    cta_url: '/event/kirari_winter_cup',
    started_at: iso(Date.now() - DAY),
    ended_at: iso(Date.now() + 30 * DAY),
    ...extra,
  }
}

describe('campaign pages from operator records', () => {
  let server: TestServer
  let dir: string
  const lines: string[] = []
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) }
  /** The operator path: the record written to a file, then `npm run campaign -- upsert file`. */
  const upsert = async (data: unknown) => {
    const file = path.join(dir, `c${lines.length}.json`)
    await fs.writeFile(file, JSON.stringify(data))
    return runCampaignCommand(server.database.db, ['upsert', file], out)
  }
  const campaign = async (p: string, headers: Record<string, string> = {}) => {
    const res = await server.get(`/api/campaign?path=${encodeURIComponent(p)}`, { headers })
    return { status: res.status, body: (await res.json()) as CampaignAnswer }
  }
  beforeAll(async () => {
    server = await startTestServer('pglite')
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kirari-campaign-'))
  })
  afterAll(async () => {
    await server.close()
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('shows a record the operator adds at its URL at once, with its share card', async () => {
    expect(await upsert(record('spring'))).toBe(0)
    expect(lines.at(-1)).toMatch(/^created: \/lp\/spring \(id \d+\)$/)
    const { status, body } = await campaign('spring')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      path: 'spring',
      layout: 'lp',
      title: '春の配信まつり spring',
      status: 'open',
      cta: { label: '詳しく見る', url: '/event/kirari_winter_cup' },
      measure: null,
      ranking: null,
      pages: [{ path: 'spring', title: '春の配信まつり spring' }],
    })
    expect(body.body_html).toContain('<h2>参加方法</h2>')
    const html = await (await server.get('/lp/spring')).text()
    expect(html).toContain('<title>春の配信まつり spring | Kirari</title>')
    expect(html).toContain('<meta property="og:title" content="春の配信まつり spring | Kirari" />')
    expect(html).toContain(
      '<meta property="og:description" content="春の新しい配信を応援します。" />',
    )
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/img\/lp\/bgm\.svg" \/>/,
    )
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/lp\/spring" \/>/)
    const en = await (await server.get('/en/lp/spring')).text()
    expect(en).toContain('<title>Spring stream fest spring | Kirari</title>')
    expect(en).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/en\/lp\/spring"/)
    // The caller's locale: the page's prefix in the Referer, else the cookie.
    const th = await campaign('spring', { cookie: 'kirari_locale=en' })
    expect(th.body.title).toBe('Spring stream fest spring')
    expect((await server.get('/img/lp/bgm.svg')).headers.get('content-type')).toContain('svg')
  })

  it('updates a record by its path, and ends it on the operator’s word', async () => {
    const again = record('spring', {
      content: { ja: { title: '春まつり', summary: '', body: '', cta_label: '見る' } },
    })
    expect(await upsert(again)).toBe(0)
    expect(lines.at(-1)).toMatch(/^updated: \/lp\/spring/)
    expect((await campaign('spring')).body.title).toBe('春まつり')
    // A locale without text falls back to Japanese.
    expect((await campaign('spring', { cookie: 'kirari_locale=th' })).body.title).toBe('春まつり')
    expect(await runCampaignCommand(server.database.db, ['end', 'spring'], out)).toBe(0)
    expect((await campaign('spring')).body.status).toBe('ended')
    expect(await runCampaignCommand(server.database.db, ['end', 'spring'], out)).toBe(1)
    expect(await runCampaignCommand(server.database.db, ['list'], out)).toBe(0)
    expect(lines.some((l) => /\tspring\tlp\t.*\tended$/.test(l))).toBe(true)
  })

  it('answers a campaign out of its period as ended or upcoming, not a 404', async () => {
    const past = { started_at: iso(Date.now() - 10 * DAY), ended_at: iso(Date.now() - DAY) }
    const future = { started_at: iso(Date.now() + DAY), ended_at: iso(Date.now() + 10 * DAY) }
    expect(await upsert(record('old', past))).toBe(0)
    expect(await upsert(record('soon', future))).toBe(0)
    expect((await campaign('old')).body.status).toBe('ended')
    expect((await campaign('soon')).body.status).toBe('upcoming')
    expect(await (await server.get('/lp/old')).text()).toContain('og:title')
  })

  it('gives a `prefix/*` record the free segment as its measure, and groups sibling pages', async () => {
    expect(await upsert(record('shop/*', { layout: 'povo', showcase: 'povo_shop' }))).toBe(0)
    const { body } = await campaign('shop/m1')
    expect(body).toMatchObject({
      path: 'shop/*',
      layout: 'povo',
      measure: 'm1',
      showcase: 'povo_shop',
    })
    expect((await campaign('shop/m1/x')).status).toBe(404)
    expect(await upsert(record('cup', { group_key: 'cup', position: 0 }))).toBe(0)
    expect(await upsert(record('cup/ranking', { group_key: 'cup', position: 1 }))).toBe(0)
    expect((await campaign('cup/ranking')).body.pages.map((p) => p.path)).toEqual([
      'cup',
      'cup/ranking',
    ])
  })

  it('answers 404 in the API’s error shape where no campaign matches, and leaves its page bare', async () => {
    const { status, body } = await campaign('no_such_campaign')
    expect(status).toBe(404)
    expect(
      (body as unknown as { errors: { error_user_msg: string }[] }).errors[0]?.error_user_msg,
    ).toBeTruthy()
    expect((await campaign('bad path!')).status).toBe(400)
    expect((await server.get('/api/campaign/ranking?campaign_id=999999')).status).toBe(404)
    expect(await (await server.get('/lp/no_such_campaign')).text()).not.toContain('og:title')
  })

  it('refuses a record that does not check out, naming each problem', async () => {
    const bad = record('x', {
      layout: 'nope',
      cta_url: 'javascript:alert(1)',
      ended_at: '2020-01-01',
    })
    expect(await upsert(bad)).toBe(1)
    const problems = lines.filter((l) => l.startsWith('! ')).join('\n')
    expect(problems).toContain('layout')
    expect(problems).toContain('cta_url')
    expect(problems).toContain('ended_at')
    expect(await upsert({ ...record('y'), content: { en: record('y').content.en } })).toBe(1)
    expect(await upsert(record('z', { hero_image_url: '//evil.example/x.svg' }))).toBe(1)
    const body = 'x'.repeat(20_001)
    expect(await upsert(record('w', { content: { ja: { title: 't', summary: '', body } } }))).toBe(
      1,
    )
    expect(await upsert(record('v', { ranking: { kind: 'gift', gift_id: 999999 } }))).toBe(1)
    expect((await campaign('x')).status).toBe(404)
  })
})
