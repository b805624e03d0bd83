import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NAVIGATOR_RIGHTS, type NavigatorRight } from '../../src/domain/navigator.ts'
import type { TestClient } from './client.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'
import { addAccount, grant, otherOrganizersStaff } from './navigator-fixtures.ts'
import { liveOf } from './socket.ts'

/*
 * Issue #23 point 3: every owner tool a navigator may be granted, called by each role. Only the
 * owner and a navigator holding that very right pass; a navigator holding every other right, one
 * whose right was revoked, another organizer's staff and a plain viewer get a 403. Tools that
 * are not delegable stay the owner's, whatever rights a navigator holds.
 */

const ROLES = [
  'owner',
  'navigator with the right',
  'navigator without it',
  'revoked navigator',
  "another organizer's staff",
  'viewer',
] as const
type Role = (typeof ROLES)[number]
const ALLOWED = new Set<Role>(['owner', 'navigator with the right'])

interface Ctx {
  server: TestServer
  roomId: number
  liveId: number
  targetId: number
  organizer: TestClient
  clients: Record<Role, TestClient>
}
type Answer = { status: number; body: Record<string, unknown> }

interface Row {
  name: string
  right: NavigatorRight
  call: (client: TestClient, ctx: Ctx) => Promise<Answer>
  /** Run with the owner before each call: the state the tool needs (an open vote, none). */
  prepare?: (ctx: Ctx) => Promise<unknown>
}

const live = (ctx: Ctx) => ({ live_id: String(ctx.liveId) })

const DELEGABLE: Row[] = [
  {
    name: 'POST /api/encoder/post_telop',
    right: 'telop',
    call: (c, ctx) => c.postForm('/api/encoder/post_telop', { ...live(ctx), telop: '次は歌枠！' }),
  },
  {
    name: 'POST /api/encoder/delete_telop',
    right: 'telop',
    call: (c, ctx) => c.postForm('/api/encoder/delete_telop', live(ctx)),
  },
  {
    name: 'POST /api/encoder/enquete_start',
    right: 'enquete',
    prepare: (ctx) => ctx.clients.owner.postForm('/api/encoder/enquete_end', live(ctx)),
    call: (c, ctx) => c.postForm('/api/encoder/enquete_start', { ...live(ctx), options: '3' }),
  },
  {
    name: 'POST /api/encoder/enquete_end',
    right: 'enquete',
    prepare: (ctx) =>
      ctx.clients.owner.postForm('/api/encoder/enquete_start', { ...live(ctx), options: '3' }),
    call: (c, ctx) => c.postForm('/api/encoder/enquete_end', live(ctx)),
  },
  {
    name: 'POST /api/room/welcome_comment',
    right: 'welcome',
    call: (c, ctx) =>
      c.postForm('/api/room/welcome_comment', {
        room_id: String(ctx.roomId),
        comment: 'ようこそ！',
        is_pinned: '1',
      }),
  },
  {
    name: 'DELETE /api/room/welcome_comment',
    right: 'welcome',
    call: async (c, ctx) =>
      c.json(`/api/room/welcome_comment?room_id=${ctx.roomId}`, {
        method: 'DELETE',
        headers: { 'x-csrf-token': await c.csrf() },
      }),
  },
  {
    name: 'POST /api/bad_report/block_post',
    right: 'moderate',
    call: (c, ctx) =>
      c.postForm('/api/bad_report/block_post', {
        room_id: String(ctx.roomId),
        user_id: String(ctx.targetId),
        status: '1',
      }),
  },
  {
    name: 'GET /api/show_rank/live_result',
    right: 'stats',
    call: (c, ctx) => c.json(`/api/show_rank/live_result?room_id=${ctx.roomId}`),
  },
]

/** Owner tools nothing delegates: 403 even for a navigator holding all five rights. */
const OWNER_ONLY: Array<Omit<Row, 'right'>> = [
  {
    name: 'POST /api/encoder/live_start',
    call: (c, ctx) => c.postForm('/api/encoder/live_start', { room_id: String(ctx.roomId) }),
  },
  {
    name: 'POST /api/encoder/live_end',
    call: (c, ctx) => c.postForm('/api/encoder/live_end', live(ctx)),
  },
  {
    name: 'GET /api/obs/obs_key',
    call: (c, ctx) => c.json(`/api/obs/obs_key?room_id=${ctx.roomId}`),
  },
  {
    name: 'POST /api/obs/obs_key',
    call: (c, ctx) => c.postForm('/api/obs/obs_key', { room_id: String(ctx.roomId) }),
  },
  {
    name: 'POST /api/room/next_live',
    call: (c, ctx) =>
      c.postForm('/api/room/next_live', { room_id: String(ctx.roomId), starts_at: '', title: '' }),
  },
  {
    name: 'POST /api/room/greeting',
    call: (c, ctx) =>
      c.postForm('/api/room/greeting', { room_id: String(ctx.roomId), greeting: 'こんにちは' }),
  },
  {
    name: 'POST /api/room/upsert_room_regulation',
    call: (c, ctx) =>
      c.postForm('/api/room/upsert_room_regulation', {
        room_id: String(ctx.roomId),
        is_under_18_room_regulation: '1',
      }),
  },
]

describe.each(await testEngines())('navigator rights matrix on %s', (engine) => {
  const ctx = {} as Ctx
  beforeAll(async () => {
    const server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const room = await liveOf(server, 'demo_liver_room')
    const [targetId] = await makeFans(server.database.db, 'matrix_target', 1)
    // demo_organizer is demo_liver_room's organizer in the demo seed (accepted).
    const organizer = await logInDemo(server, 'demo_organizer')
    Object.assign(ctx, {
      server,
      roomId: room.roomId,
      liveId: room.liveId,
      targetId,
      organizer: organizer.client,
      clients: {
        owner: (await logInDemo(server, 'demo_liver')).client,
        'navigator with the right': (await addAccount(server, 'nav_with')).client,
        'navigator without it': (await addAccount(server, 'nav_without')).client,
        'revoked navigator': (await addAccount(server, 'nav_revoked')).client,
        "another organizer's staff": (await otherOrganizersStaff(server, 'minor_hina')).client,
        viewer: (await logInDemo(server, 'demo_viewer')).client,
      },
    })
  })
  afterAll(() => ctx.server.close())

  describe.each(DELEGABLE)('$name (right: $right)', (row) => {
    beforeAll(async () => {
      const others = NAVIGATOR_RIGHTS.filter((r) => r !== row.right)
      const set = async (account: string, rights: NavigatorRight[]) => {
        expect((await grant(ctx.organizer, ctx.roomId, account, rights)).status).toBe(200)
      }
      await set('nav_with', [row.right])
      await set('nav_without', others)
      await set('nav_revoked', [row.right])
      await set('nav_revoked', [])
    })

    it.each(ROLES)('%s', async (role) => {
      await row.prepare?.(ctx)
      const answer = await row.call(ctx.clients[role], ctx)
      expect(answer.status, JSON.stringify(answer.body)).toBe(ALLOWED.has(role) ? 200 : 403)
    })
  })

  describe.each(OWNER_ONLY)('$name (owner only)', (row) => {
    beforeAll(async () => {
      const all = [...NAVIGATOR_RIGHTS]
      expect((await grant(ctx.organizer, ctx.roomId, 'nav_with', all)).status).toBe(200)
    })

    it.each(ROLES.filter((r) => r !== 'owner'))('%s: 403', async (role) => {
      const answer = await row.call(ctx.clients[role], ctx)
      expect(answer.status, JSON.stringify(answer.body)).toBe(403)
    })
  })

  it('tells a navigator which right is missing, and anyone else that it is the owner’s', async () => {
    const form = { ...live(ctx), telop: 'テスト' }
    await grant(ctx.organizer, ctx.roomId, 'nav_with', ['stats'])
    const navigator = ctx.clients['navigator with the right']
    const refused = await navigator.postForm('/api/encoder/post_telop', form)
    expect(refused.status).toBe(403)
    expect(JSON.stringify(refused.body)).toContain('テロップ')
    const viewer = await ctx.clients.viewer.postForm('/api/encoder/post_telop', form)
    expect(JSON.stringify(viewer.body)).toContain('オーナーのみ')
  })
})
