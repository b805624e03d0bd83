/** What the media host receives from a room's encoder, for the room's owner (issue #38). */
import * as v from 'valibot'
import { IngestStatus, type IngestStatusAnswer } from '../../src/contract/ingest.ts'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { ApiError } from '../errors.ts'
import { openLive } from './lives.ts'
import { ownedRoom } from './room-social.ts'

/**
 * The owner's page asks every few seconds: a media host that does not answer in this time is
 * as good as down, and the answer should say so before the next ask.
 */
export const MEDIA_HOST_STATUS_TIMEOUT_MS = 1500

/** A status is a few hundred bytes; anything far larger is not one. */
const MAX_STATUS_BYTES = 64 * 1024

export const ingestMessages = {
  unreachable: '映像の受信サーバーに接続できません。しばらくしてから、もう一度お試しください。',
  invalid:
    '映像の受信サーバーから正しくない応答がありました。しばらくしてから、もう一度お試しください。',
} as const

/** What the media host said: its status, none (404), or a failure already logged. */
export async function askMediaHost(
  mediaOrigin: string,
  roomUrlKey: string,
  logger: Logger,
): Promise<IngestStatus | null> {
  const url = `${mediaOrigin}/lives/${encodeURIComponent(roomUrlKey)}/status.json`
  let status: number
  let text: string
  try {
    // The timeout covers the body too: a host that stops half-way is down as well.
    const answer = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(MEDIA_HOST_STATUS_TIMEOUT_MS),
    })
    status = answer.status
    text = await answer.text()
  } catch (error) {
    // Told to the owner every few seconds while it lasts; the HLS proxy's 503s say it louder.
    logger.info('media host unreachable', { url, error: String(error) })
    throw new ApiError(503, ingestMessages.unreachable, { errorType: 'MEDIA_HOST_UNREACHABLE' })
  }
  if (status === 404) return null
  const parsed = status === 200 && text.length <= MAX_STATUS_BYTES ? parseStatus(text) : null
  if (!parsed) {
    // Never passed on as it came: the owner gets our message, the log gets a glimpse.
    logger.error('media host answered no status', { url, status, body: text.slice(0, 200) })
    throw new ApiError(502, ingestMessages.invalid, { errorType: 'MEDIA_HOST_INVALID' })
  }
  return parsed
}

function parseStatus(text: string): IngestStatus | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const result = v.safeParse(IngestStatus, json)
  return result.success ? result.output : null
}

/**
 * `GET /api/live/ingest_status`: the room's owner only (404 and 403 as every owner tool). The
 * media host is asked only for an open live from OBS; it is null otherwise, and when the host
 * has no live for the room. A host that cannot be reached is a 503; one that answers something
 * that is not a status, a 502.
 */
export async function ingestStatusOf(
  db: Db,
  request: { userId: number; roomId: number; mediaOrigin: string; logger: Logger },
): Promise<IngestStatusAnswer> {
  await ownedRoom(db, request.roomId, request.userId)
  const live = await openLive(db, { roomId: request.roomId })
  if (!live) return { on_air: false, ingest: null }
  if (live.source !== 'rtmp') return { on_air: true, ingest: null }
  const room = await db
    .selectFrom('rooms')
    .select('room_url_key')
    .where('id', '=', request.roomId)
    .executeTakeFirstOrThrow()
  const ingest = await askMediaHost(request.mediaOrigin, room.room_url_key, request.logger)
  return { on_air: true, ingest }
}
