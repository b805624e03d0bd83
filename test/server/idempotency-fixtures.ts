import { sql } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import type { TestClient } from './client.ts'
import { logInDemo, startTestServer, type Engine, type TestServer } from './harness.ts'
import { liveOf } from './socket.ts'

/** What the Idempotency-Key suites share: a viewer with gold to spend on a live's paid gift. */

export const errorTypeOf = (body: string) =>
  (JSON.parse(body) as { errors: Array<{ error_type?: string }> }).errors[0]?.error_type

export interface GiftServer {
  server: TestServer
  viewer: TestClient
  userId: number
  liveId: number
}

/** A server with demo_viewer logged in and given 1000 gold, and kirari_hoshino's live to gift to. */
export async function startGiftServer(engine: Engine): Promise<GiftServer> {
  const server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
  const { client: viewer, userId } = await logInDemo(server)
  const liveId = (await liveOf(server, 'kirari_hoshino')).liveId
  await server.database.db
    .updateTable('users')
    .set({ gold: 1000 })
    .where('id', '=', userId)
    .execute()
  return { server, viewer, userId, liveId }
}

/** The suite's gift server: started before its tests, closed after; its fields are set once they run. */
export function useGiftServer(engine: Engine): GiftServer {
  const suite = {} as GiftServer
  beforeAll(async () => {
    Object.assign(suite, await startGiftServer(engine))
  })
  afterAll(() => suite.server.close())
  return suite
}

/** All the gold `userId` holds, expiring or not. */
export const goldOf = async (server: TestServer, userId: number) =>
  (
    await server.database.db
      .selectFrom('users')
      .select(sql<number>`gold + expiring_gold`.as('gold'))
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).gold

/** A paid gift (gift 3: 1 gold each) as a form, with `key` as its Idempotency-Key header. */
export async function giftRequest(client: TestClient, liveId: number, key: string | null, num = 1) {
  const form = new URLSearchParams({
    live_id: String(liveId),
    gift_id: '3',
    num: String(num),
    csrf_token: await client.csrf(),
  })
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
  }
  if (key !== null) headers['idempotency-key'] = key
  return { method: 'POST', headers, body: form.toString() }
}

/** Sends `client`'s gift request; what a caller sees of the answer. */
export async function sendGift(client: TestClient, request: RequestInit) {
  const response = await client.request('/api/live/gifting_point_use', request)
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  }
}
