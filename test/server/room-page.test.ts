import { createHash } from 'node:crypto'
import vm from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamingUrlAnswer } from '../../src/contract/live.ts'
import type { RoomPageState } from '../../src/contract/room-page.ts'
import { startTestServer, type TestServer } from './harness.ts'

/** The page's inline scripts, as a browser would run them. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')

/** What the page's script sets, run as the browser would run it (a window of its own). */
function pageState(html: string): RoomPageState | undefined {
  const window: Record<string, unknown> = {}
  for (const script of inlineScripts(html)) vm.runInNewContext(script, { window })
  return window.__KIRARI_ROOM__ as RoomPageState | undefined
}

const cspHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

describe('a room page carries its room (issue #39)', () => {
  let server: TestServer
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  it('writes the room, its share URL in SHOWROOM’s form and its streams into the page', async () => {
    const page = await server.get('/r/kirari_hoshino')
    expect(page.status).toBe(200)
    const html = await page.text()
    const state = pageState(html)
    const room = await db()
      .selectFrom('rooms')
      .select(['id', 'room_name'])
      .where('room_url_key', '=', 'kirari_hoshino')
      .executeTakeFirstOrThrow()
    const streams = (await (
      await server.get(`/api/live/streaming_url?room_id=${room.id}`)
    ).json()) as StreamingUrlAnswer
    expect(state).toMatchObject({
      room_id: room.id,
      room_url_key: 'kirari_hoshino',
      room_name: room.room_name,
      share_url: `${server.url}/room/profile?room_id=${room.id}`,
      is_live: true,
      streaming_url_list: streams.streaming_url_list,
    })
    expect(state?.live_id).toBeGreaterThan(0)
    // What streamlink's SHOWROOM plugin looks for in a page's scripts.
    expect(html).toMatch(/share_url:"https:|share_url:"http:/)
    expect(/share_url:"https?:[^?]+?\?room_id=(\d+)"/.exec(html)?.[1]).toBe(String(room.id))
    // The first playlist is preloaded, as the player will ask for it.
    const master = streams.streaming_url_list?.find((s) => s.type === 'hls_all')?.url
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${master}" />`,
    )
    // The same page under a locale prefix and the lite page.
    expect(pageState(await (await server.get('/en/r/kirari_hoshino')).text())?.room_id).toBe(
      room.id,
    )
    expect(pageState(await (await server.get('/lite/kirari_hoshino')).text())?.room_id).toBe(
      room.id,
    )
  })

  it('allows its script by hash in the CSP, never by unsafe-inline', async () => {
    const page = await server.get('/r/kirari_hoshino')
    const csp = page.headers.get('content-security-policy') ?? ''
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
    const [script] = inlineScripts(await page.text())
    expect(script).toBeTruthy()
    expect(scriptSrc.split(' ')).toContain(cspHash(script ?? ''))
    expect(scriptSrc).not.toContain('unsafe-inline')
    // Other pages allow no inline script at all.
    const home = await server.get('/')
    expect(home.headers.get('content-security-policy')).not.toContain('sha256-')
  })

  it('leads SHOWROOM’s share URL to the room’s page', async () => {
    const state = pageState(await (await server.get('/r/kirari_hoshino')).text())
    const share = new URL(state?.share_url ?? '')
    const answer = await server.get(`${share.pathname}${share.search}`, { redirect: 'manual' })
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe('/r/kirari_hoshino')
    expect(
      (await server.get('/room/profile?room_id=999999', { redirect: 'manual' })).status,
    ).not.toBe(301)
  })

  it('keeps a room name from ending the script', async () => {
    const hostile = 'a</script><script>alert(1)</script>\u2028&<!--'
    await db()
      .updateTable('rooms')
      .set({ room_name: hostile })
      .where('room_url_key', '=', 'kirari_hoshino')
      .execute()
    const html = await (await server.get('/r/kirari_hoshino')).text()
    expect(inlineScripts(html)).toHaveLength(1)
    expect(html).not.toContain('<script>alert(1)')
    expect(pageState(html)?.room_name).toBe(hostile)
  })

  it('shows the page off air, and on air again as soon as the live starts', async () => {
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'kirari_hoshino')
      .executeTakeFirstOrThrow()
    const open = await db()
      .updateTable('lives')
      .set({ ended_at: new Date() })
      .where('room_id', '=', room.id)
      .where('ended_at', 'is', null)
      .returning('id')
      .executeTakeFirstOrThrow()
    const off = pageState(await (await server.get('/r/kirari_hoshino')).text())
    expect(off).toMatchObject({ is_live: false, live_id: 0, streaming_url_list: [] })
    await db().updateTable('lives').set({ ended_at: null }).where('id', '=', open.id).execute()
    expect(pageState(await (await server.get('/r/kirari_hoshino')).text())?.is_live).toBe(true)
  })

  it('answers a room that does not exist, or a key that is not a key, with the 404 page', async () => {
    const shell = await (await server.get('/')).text()
    for (const path of [
      '/r/no_such_room',
      '/lite/no_such_room',
      '/r/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/r/${'x'.repeat(2048)}`,
      '/r/%00',
      '/r/a%00b',
      '/lite/%3Cimg%20src%3Dx%3E',
    ]) {
      const answer = await server.get(path)
      expect(answer.status, path).toBe(404)
      const html = await answer.text()
      // The app's shell (which shows its 404 page), nothing of the asked path in it.
      expect(html, path).toBe(shell)
      expect(answer.headers.get('content-type'), path).toContain('text/html')
    }
  })
})
