import type { CommentEntry } from '../domain/comments.ts'

export const PING_INTERVAL_MS = 60_000
const MAX_BACKOFF_MS = 30_000

export type PushEvent =
  | { type: 'push.comment'; comment: CommentEntry }
  | { type: 'push.liveEnd' }
  | { type: 'push.connected'; reconnected: boolean }
  | { type: 'push.disconnected' }

/** A push frame (`MSG\t<key>\t<json>`) as a machine event; null for frames we do not use. */
export function parseFrame(frame: string): PushEvent | null {
  if (!frame.startsWith('MSG\t')) return null
  const json = frame.slice(frame.indexOf('\t', 4) + 1)
  let payload: Record<string, unknown>
  try {
    payload = JSON.parse(json) as Record<string, unknown>
  } catch {
    return null
  }
  const t = typeof payload.t === 'number' || typeof payload.t === 'string' ? String(payload.t) : ''
  if (t === '1') {
    return {
      type: 'push.comment',
      comment: {
        comment: typeof payload.cm === 'string' ? payload.cm : '',
        name: typeof payload.ac === 'string' ? payload.ac : '',
        user_id: Number(payload.u ?? 0),
        avatar_id: Number(payload.av ?? 0),
        avatar_url: `/img/avatar/${Number(payload.av ?? 0) % 8}.svg`,
        ua: Number(payload.ua ?? 0),
        aft: Number(payload.at ?? 0),
        created_at: Number(payload.created_at ?? 0),
      },
    }
  }
  if (t === '101') return { type: 'push.liveEnd' }
  return null
}

/**
 * The SHOWROOM push socket for one key: SUB on open, PING every 60 s, reconnect with backoff.
 * Returns the cleanup that closes it for good.
 */
export function openPushSocket(
  url: string,
  key: string,
  send: (event: PushEvent) => void,
): () => void {
  let socket: WebSocket | null = null
  let closed = false
  let attempts = 0
  let ping: ReturnType<typeof setInterval> | undefined
  let retry: ReturnType<typeof setTimeout> | undefined

  const connect = () => {
    socket = new WebSocket(url)
    socket.addEventListener('open', () => {
      socket?.send(`SUB\t${key}`)
      send({ type: 'push.connected', reconnected: attempts > 0 })
      attempts = 0
      ping = setInterval(() => socket?.send('PING\tshowroom'), PING_INTERVAL_MS)
    })
    socket.addEventListener('message', (e: MessageEvent<string>) => {
      const event = parseFrame(e.data)
      if (event) send(event)
    })
    socket.addEventListener('close', () => {
      clearInterval(ping)
      if (closed) return
      send({ type: 'push.disconnected' })
      attempts++
      retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts))
    })
  }
  connect()

  return () => {
    closed = true
    clearInterval(ping)
    clearTimeout(retry)
    socket?.close()
  }
}
