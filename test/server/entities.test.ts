import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { liveOf } from './socket.ts'

/** One field of a SPEC §3 list: `share.twitter{text,url}` is share, at ['twitter'], with text and url. */
interface SpecField {
  key: string
  /** The keys from the field down to the object `inner` names (`['twitter']`). */
  under: string[]
  /** The keys of the nested object; `[]` marks an array (`enquete[]`). */
  inner: Array<{ key: string; array: boolean }>
}

/** Splits at `,` and `;` outside braces. */
function splitTop(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let part = ''
  for (const ch of text) {
    if (ch === '{') depth++
    if (ch === '}') depth--
    if (depth === 0 && (ch === ',' || ch === ';')) {
      parts.push(part)
      part = ''
    } else part += ch
  }
  return [...parts, part]
}

/** The fields of the `**{entity}**:` line of SPEC.md §3, up to the end of its first sentence. */
function specFields(spec: string, entity: string): SpecField[] {
  const head = `**${entity}**:`
  const line = spec.split('\n').find((l) => l.startsWith(head))
  if (line === undefined) throw new Error(`SPEC.md has no ${head} line`)
  const list = line
    .slice(head.length)
    // `birthday (eight-digit number …, e.g. 19900101)` is birthday.
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\.(?:\s|$)/)[0]
  return splitTop(list ?? '').map((item) => {
    const text = item.trim().replace(/^also\s+/, '')
    const match = /^([A-Za-z_][\w.]*)(?:\{([^}]*)\})?$/.exec(text)
    if (!match?.[1]) throw new Error(`not a field: "${text}" in ${head}`)
    const [key = '', ...under] = match[1].split('.')
    const inner = (match[2] ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
      .map((k) => ({ key: k.replace(/\[\]$/, ''), array: k.endsWith('[]') }))
    return { key, under, inner }
  })
}

type Kind = 'boolean' | 'number' | 'string' | 'string|null' | 'number|null' | 'object'

/** What a field's value is, by SHOWROOM's naming habits, with the exceptions named. */
function kindOf(key: string): Kind {
  if (key === 'background_image_url') return 'string|null'
  if (key === 'birthday') return 'number|null'
  if (key === 'share' || key === 'gift_list') return 'object'
  if (/^(is|has|can|did)_/.test(key) || key.endsWith('_auth') || key === 'nsta_owner')
    return 'boolean'
  if (
    /(_url|_key|name|_host|image|image_s|account_id)$/.test(key) ||
    ['locale', 'youtube_id'].includes(key)
  )
    return 'string'
  return 'number'
}

function expectKind(value: unknown, kind: Kind, label: string) {
  switch (kind) {
    case 'number':
      expect(Number.isFinite(value), `${label} is a number`).toBe(true)
      break
    case 'number|null':
      expect(value === null || Number.isFinite(value), `${label} is a number or null`).toBe(true)
      break
    case 'string|null':
      expect(value === null || typeof value === 'string', `${label} is text or null`).toBe(true)
      break
    case 'object':
      expect(typeof value === 'object' && value !== null, `${label} is an object`).toBe(true)
      break
    default:
      expect(typeof value, label).toBe(kind)
  }
}

/** Every field of the list is in `body` with a value of its kind; nested ones down to their keys. */
function expectFields(body: Record<string, unknown>, fields: SpecField[], label: string) {
  for (const field of fields) {
    expect(body, `${label}: ${field.key}`).toHaveProperty(field.key)
    expectKind(body[field.key], kindOf(field.key), `${label}: ${field.key}`)
    let node: unknown = body[field.key]
    for (const step of field.under) {
      node = (node as Record<string, unknown>)[step]
      expect(typeof node === 'object' && node !== null, `${label}: ${field.key}.${step}`).toBe(true)
    }
    for (const { key, array } of field.inner) {
      const value = (node as Record<string, unknown>)[key]
      const where = `${label}: ${[field.key, ...field.under, key].join('.')}`
      if (array) expect(Array.isArray(value), `${where} is a list`).toBe(true)
      else expect(typeof value, where).toBe('string')
    }
  }
}

const spec = await fs.readFile(path.resolve(import.meta.dirname, '../../../shared/SPEC.md'), 'utf8')
const LISTS = {
  liveInfo: specFields(spec, 'Live info'),
  currentUser: specFields(spec, 'Current user'),
  detail: specFields(spec, 'Current-user detail'),
}

describe('the SPEC §3 lists as this test reads them', () => {
  it('finds every field of the three lists, nested ones and the "also" ones included', () => {
    expect(LISTS.liveInfo).toHaveLength(28)
    expect(LISTS.currentUser).toHaveLength(26)
    expect(LISTS.detail).toHaveLength(25)
    const keys = (fields: SpecField[]) => fields.map((f) => f.key)
    expect(keys(LISTS.liveInfo)).toEqual(expect.arrayContaining(['share', 'is_under_18']))
    expect(LISTS.liveInfo.find((f) => f.key === 'share')).toEqual({
      key: 'share',
      under: ['twitter'],
      inner: [
        { key: 'text', array: false },
        { key: 'url', array: false },
      ],
    })
    expect(LISTS.currentUser.find((f) => f.key === 'gift_list')?.inner).toEqual([
      { key: 'enquete', array: true },
      { key: 'normal', array: true },
    ])
    expect(keys(LISTS.detail)).toContain('birthday')
    expect(keys(LISTS.detail).at(-1)).toBe('gender')
    // A wrong answer fails: the check is not blind.
    expect(() => expectFields({ share: { twitter: { text: '' } } }, LISTS.liveInfo, 'x')).toThrow()
  })
})

describe.each(await testEngines())('SPEC §3 live info, current user and detail on %s', (engine) => {
  let server: TestServer
  let owner: TestClient
  let anonymous: TestClient
  let live: Awaited<ReturnType<typeof liveOf>>
  let offAirRoomId: number

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    owner = new TestClient(server.url)
    anonymous = new TestClient(server.url)
    await owner.login('demo_liver', 'kirari-demo')
    live = await liveOf(server, 'demo_liver_room')
    const offAir = await server.database.db
      .selectFrom('rooms')
      .select('id')
      .where(
        'id',
        'not in',
        server.database.db.selectFrom('lives').select('room_id').where('ended_at', 'is', null),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow()
    offAirRoomId = offAir.id
  })
  afterAll(() => server.close())

  const read = async (client: TestClient, url: string) => {
    const { status, body } = await client.json(url, { headers: { 'accept-language': 'en' } })
    expect(status, url).toBe(200)
    return body
  }

  it('answers every live info field, on air and off, to the owner and to a visitor', async () => {
    for (const client of [owner, anonymous]) {
      for (const roomId of [live.roomId, offAirRoomId]) {
        const body = await read(client, `/api/live/live_info?room_id=${roomId}`)
        expectFields(body, LISTS.liveInfo, `live_info ${roomId}`)
      }
    }
    const mine = await read(owner, `/api/live/live_info?room_id=${live.roomId}`)
    const port = Number(new URL(server.url).port)
    expect(mine).toMatchObject({
      room_url_key: 'demo_liver_room',
      is_live: true,
      live_status: 2,
      live_id: live.liveId,
      broadcast_key: live.key,
      bcsvr_key: live.key,
      broadcast_port: port,
      bcsvr_port: port,
      is_owner: true,
      can_comment: true,
      image_s: `${server.url}/img/room/${live.roomId}.svg`,
      share: { twitter: { url: `${server.url}/r/demo_liver_room` } },
    })
    expect(mine.started_at).toBeGreaterThan(0)
    expect(mine.started_at).toBeLessThanOrEqual(Date.now() / 1000)
    expect(mine.live_user_key).toMatch(/^owner:\w+$/)
    const theirs = await read(anonymous, `/api/live/live_info?room_id=${live.roomId}`)
    expect(theirs).toMatchObject({ is_owner: false, can_comment: false, live_user_key: '' })
    const off = await read(owner, `/api/live/live_info?room_id=${offAirRoomId}`)
    expect(off).toMatchObject({
      live_status: 1,
      is_live: false,
      started_at: 0,
      broadcast_key: '',
      can_comment: false,
    })
  })

  it('answers every current user field in a room, logged in or not', async () => {
    for (const client of [owner, anonymous]) {
      const body = await read(client, `/api/live/current_user?room_id=${live.roomId}`)
      expectFields(body, LISTS.currentUser, 'live/current_user')
    }
    const me = await read(owner, `/api/live/current_user?room_id=${live.roomId}`)
    expect(me).toMatchObject({
      is_login: true,
      account_id: 'demo_liver',
      own_room_url_key: 'demo_liver_room',
      locale: 'en',
      image: me.avatar_url,
    })
    expect(me.fan_level).toBeGreaterThanOrEqual(1)
    expect(me.next_level_point).toBeGreaterThan(me.current_level_point as number)
    // A visitor's: every field empty but their language and the gold-use confirmation's default.
    const nobody = await read(anonymous, `/api/live/current_user?room_id=${live.roomId}`)
    const visitor: Record<string, unknown> = {
      locale: 'en',
      is_confirm_gifting_use_gold: true,
      gift_list: { normal: [], enquete: [] },
    }
    const empty: Partial<Record<Kind, unknown>> = { number: 0, boolean: false, string: '' }
    for (const { key } of LISTS.currentUser) {
      expect(nobody[key], key).toEqual(key in visitor ? visitor[key] : empty[kindOf(key)])
    }
  })

  it("counts a viewer's gift in the live: contribution point, rank and fan points", async () => {
    const viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    const url = `/api/live/current_user?room_id=${live.roomId}`
    const before = await read(viewer, url)
    const gifts = (await viewer.json('/api/live/gift_list')).body.normal as Array<{
      gift_id: number
      free: boolean
      point: number
    }>
    const paid = gifts.filter((g) => !g.free).sort((a, b) => a.point - b.point)[0]
    if (!paid) throw new Error('no paid gift')
    const sent = await viewer.postForm('/api/live/gifting_point_use', {
      live_id: String(live.liveId),
      gift_id: String(paid.gift_id),
      num: '1',
    })
    expect(sent.status).toBe(200)
    const after = await read(viewer, url)
    expect(after.contribution_point).toBe((before.contribution_point as number) + paid.point)
    expect(after.live_rank).toBeGreaterThanOrEqual(1)
    expect(after.current_level_point).toBe((before.current_level_point as number) + paid.point)
  })

  it('answers every current user and detail field at /api/current_user, logged in or not', async () => {
    for (const client of [owner, anonymous]) {
      const body = await read(client, '/api/current_user')
      expectFields(body, LISTS.currentUser, 'current_user')
      expectFields(body, LISTS.detail, 'current_user detail')
    }
    const me = await read(owner, '/api/current_user')
    expect(me).toMatchObject({
      own_room_id: live.roomId,
      own_room_url_key: 'demo_liver_room',
      user_name: me.name,
      user_gold: me.gold,
      image_url: me.image,
      locale: 'en',
    })
    expect(me.user_name).toBe('デモ ライバー')
    const nobody = await read(anonymous, '/api/current_user')
    expect(nobody).toMatchObject({ is_login: false, own_room_id: 0, user_name: '', image_url: '' })
  })
})
