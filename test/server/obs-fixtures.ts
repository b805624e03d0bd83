import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestClient } from './client.ts'
import { logInDemo, startTestServer, type Engine, type TestServer } from './harness.ts'

/** What the OBS suites share: the demo liver's room, its stream key, and the media host's calls. */

export const OBS_ROOM = 'demo_liver_room'
export const SECRET_HEADER = 'X-Kirari-Media-Secret'

/** Starts `server` on a free loopback port; its base URL. */
export async function listenLocal(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A site taking the media host's calls with `secret`, its media served by `media` (started here). */
export async function startSiteWithMedia(
  engine: Engine,
  secret: string,
  media: http.Server,
): Promise<TestServer> {
  const origin = await listenLocal(media)
  return startTestServer(engine, {
    CAPTCHA_FIXED_WORD: 'kirari',
    RTMP_CALLBACK_SECRET: secret,
    MEDIA_ORIGIN: origin,
  })
}

/** demo_liver logged in, and the id of their room. */
export async function logInLiver(server: TestServer) {
  const { client: liver } = await logInDemo(server, 'demo_liver')
  const room = await server.database.db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', OBS_ROOM)
    .executeTakeFirstOrThrow()
  return { liver, roomId: room.id }
}

/** The room's live on air, if any. */
export const openLiveOf = (server: TestServer, roomId: number) =>
  server.database.db
    .selectFrom('lives')
    .select(['id', 'source', 'ingest_lost_at'])
    .where('room_id', '=', roomId)
    .where('ended_at', 'is', null)
    .executeTakeFirst()

/** The room's stream key, as OBS is given it. */
export const obsKeyOf = async (liver: TestClient, roomId: number) =>
  String((await liver.json(`/api/obs/obs_key?room_id=${roomId}`)).body.obs_key)

/** The owner renews the room's stream key. */
export const rotateKey = (liver: TestClient, roomId: number) =>
  liver.postForm('/api/obs/obs_key', { room_id: String(roomId) })

/** The owner ends `live` from the site. */
export const endLive = (liver: TestClient, live: { id: number }) =>
  liver.postForm('/api/encoder/live_end', { live_id: String(live.id) })

/** The media host's call to the site, as it makes it: JSON, with `headers` (the secret's). */
export const mediaCall = (
  base: string,
  hook: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
) =>
  fetch(`${base}/media/rtmp/${hook}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
