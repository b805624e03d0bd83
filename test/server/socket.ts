import WebSocket from 'ws'
import type { TestServer } from './harness.ts'

/** A push-socket client that records every frame. */
export async function connect(server: TestServer) {
  const ws = new WebSocket(server.url.replace('http', 'ws') + '/')
  const frames: string[] = []
  ws.on('message', (data: Buffer) => frames.push(data.toString()))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const waitFor = async (match: (frame: string) => boolean, timeoutMs = 2000) => {
    for (let waited = 0; waited < timeoutMs; waited += 10) {
      const found = frames.find(match)
      if (found) return found
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`no matching frame in ${JSON.stringify(frames)}`)
  }
  return { ws, frames, waitFor }
}

/** The JSON payload of a `MSG\t<key>\t<json>` frame. */
export function payloadOf(frame: string): Record<string, unknown> {
  return JSON.parse(frame.split('\t')[2] ?? '{}') as Record<string, unknown>
}

/** The open live of a seeded room: its ids and the key its viewers subscribe to. */
export async function liveOf(server: TestServer, urlKey: string) {
  const row = await server.database.db
    .selectFrom('lives')
    .innerJoin('rooms', 'rooms.id', 'lives.room_id')
    .select(['rooms.id as room_id', 'lives.id as live_id', 'lives.bcsvr_key'])
    .where('rooms.room_url_key', '=', urlKey)
    .where('lives.ended_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { roomId: row.room_id, liveId: row.live_id, key: row.bcsvr_key, urlKey }
}
