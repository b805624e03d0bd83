import {
  STOCK_MAX,
  SeenComments,
  VISIBLE_MAX,
  mergeBackfill,
  type CommentEntry,
  type PushEvent,
  type SystemLog,
} from '../domain/comments.ts'
import type { VoteResult } from '../domain/gifts.ts'

export const PING_INTERVAL_MS = 60_000
const MAX_BACKOFF_MS = 30_000
/**
 * Comments waiting for the next frame, at most. The comment stream keeps the newest 100 shown and
 * the newest 100 stocked, so older arrivals of one frame could never be seen anyway.
 */
export const PENDING_MAX = VISIBLE_MAX + STOCK_MAX
/** A hidden tab gets no animation frames: comments still arrive this often. */
const FLUSH_FALLBACK_MS = 100

/** Runs a callback before the next paint (or soon, where there are no frames). */
export type FrameScheduler = (flush: () => void) => () => void

/** requestAnimationFrame with a timer beside it, whichever comes first; cancellable. */
export const nextFrame: FrameScheduler = (flush) => {
  let done = false
  const run = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    flush()
  }
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : 0
  const timer = setTimeout(run, FLUSH_FALLBACK_MS)
  return () => {
    done = true
    if (frame) cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

export type { PushEvent }

const str = (v: unknown) => (typeof v === 'string' ? v : '')

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
  switch (t) {
    case '1':
      return {
        type: 'push.comment',
        comment: {
          comment: str(payload.cm),
          name: str(payload.ac),
          user_id: Number(payload.u ?? 0),
          avatar_id: Number(payload.av ?? 0),
          avatar_url: `/img/avatar/${Number(payload.av ?? 0) % 8}.svg`,
          ua: Number(payload.ua ?? 0),
          aft: Number(payload.at ?? 0),
          created_at: Number(payload.created_at ?? 0),
        },
      }
    case '2': {
      const avatarId = Number(payload.av ?? 0)
      const giftId = Number(payload.g ?? 0)
      return {
        type: 'push.gift',
        gift: {
          avatar_id: avatarId,
          avatar_url: `/img/avatar/${avatarId % 8}.svg`,
          name: str(payload.ac),
          gift_id: giftId,
          num: Number(payload.n ?? 1),
          ua: Number(payload.ua ?? 0),
          created_at: Number(payload.created_at ?? 0),
          user_id: Number(payload.u ?? 0),
          aft: Number(payload.at ?? 0),
          image: `/img/gift/${giftId}.svg`,
          image2: '',
        },
      }
    }
    case '3':
      return { type: 'push.voteStarted' }
    case '4':
      return {
        type: 'push.voteEnded',
        results: Array.isArray(payload.results) ? (payload.results as VoteResult[]) : [],
      }
    case '8':
      return { type: 'push.telop', telop: str(payload.telop) }
    case '101':
      return { type: 'push.liveEnd' }
    case '202': {
      const target = Number(payload.target_type ?? 0)
      if (![0, 1, 2, 3].includes(target)) return null
      return {
        type: 'push.log',
        log: {
          id: `log-${Number(payload.created_at ?? 0)}-${Number(payload.user_id ?? 0)}-${str(payload.text)}`,
          targetType: target as SystemLog['targetType'],
          userId: payload.user_id === undefined ? null : Number(payload.user_id),
          text: str(payload.text),
        },
      }
    }
    case '201':
      return { type: 'push.welcome', comment: str(payload.comment) }
    default:
      return null
  }
}

export interface PushSocketOptions {
  /** The owner's private key of the live, followed too: owner-only logs come on it. */
  ownerKey?: string
  /** Fetches `comment_log` (newest first) after a reconnect, to fill what the gap missed. */
  backfill?: () => Promise<CommentEntry[]>
  /** Comments the viewer already has (the comment log the room opened with). */
  initial?: readonly CommentEntry[]
  /** The WebSocket constructor (the browser's; tests pass the `ws` package's). */
  WebSocketImpl?: typeof WebSocket
  /** When arrivals are handed over: once per animation frame by default. */
  schedule?: FrameScheduler
}

/**
 * The SHOWROOM push socket for one key: SUB on open, PING every 60 s, reconnect with backoff,
 * and after a reconnect the comments missed meanwhile from `comment_log`, each exactly once.
 * Returns the cleanup that closes it for good.
 */
export function openPushSocket(
  url: string,
  key: string,
  send: (event: PushEvent) => void,
  options: PushSocketOptions = {},
): () => void {
  const Socket = options.WebSocketImpl ?? WebSocket
  const seen = new SeenComments()
  for (const c of options.initial ?? []) seen.add(c)
  let socket: WebSocket | null = null
  let closed = false
  let attempts = 0
  let ping: ReturnType<typeof setInterval> | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  /** Comments held back while a backfill is on its way, so the list stays in time order. */
  let held: CommentEntry[] | null = null
  /** Comments of this frame, handed over together so the page renders once per frame. */
  let pending: CommentEntry[] = []
  let cancelFlush: (() => void) | null = null
  const schedule = options.schedule ?? nextFrame

  const flush = () => {
    cancelFlush?.()
    cancelFlush = null
    const batch = pending
    pending = []
    for (const comment of batch) send({ type: 'push.comment', comment })
  }

  const deliver = (comment: CommentEntry) => {
    if (seen.has(comment)) return
    seen.add(comment)
    pending.push(comment)
    if (pending.length > PENDING_MAX) pending = pending.slice(-PENDING_MAX)
    if (cancelFlush) return
    const cancel = schedule(flush)
    // A scheduler may flush at once; only a flush still to come needs cancelling.
    if (pending.length > 0) cancelFlush = cancel
  }

  /** Other frames (telop, live end) keep their place after the comments before them. */
  const deliverEvent = (event: PushEvent) => {
    flush()
    send(event)
  }

  const backfill = (fetchLog: () => Promise<CommentEntry[]>) => {
    held = []
    const finish = (log: readonly CommentEntry[]) => {
      const arrived = held ?? []
      held = null
      if (closed) return
      for (const comment of mergeBackfill(log, seen, arrived)) deliver(comment)
    }
    fetchLog().then(finish, () => finish([]))
  }

  const connect = () => {
    const current = new Socket(url)
    socket = current
    current.addEventListener('open', () => {
      current.send(`SUB\t${key}`)
      if (options.ownerKey) current.send(`SUB\t${options.ownerKey}`)
      const reconnected = attempts > 0
      send({ type: 'push.connected', reconnected })
      attempts = 0
      ping = setInterval(() => current.send('PING\tshowroom'), PING_INTERVAL_MS)
      // After a gap, and after the first connect too: comments posted between the room's
      // comment_log and this SUB would otherwise be missed.
      if (options.backfill) backfill(options.backfill)
    })
    current.addEventListener('message', (e: MessageEvent<unknown>) => {
      if (typeof e.data !== 'string') return
      const event = parseFrame(e.data)
      if (!event) return
      if (event.type !== 'push.comment') deliverEvent(event)
      else if (held) held.push(event.comment)
      else deliver(event.comment)
    })
    current.addEventListener('close', () => {
      clearInterval(ping)
      if (closed || socket !== current) return
      send({ type: 'push.disconnected' })
      attempts++
      retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempts))
    })
  }
  connect()

  return () => {
    closed = true
    cancelFlush?.()
    pending = []
    clearInterval(ping)
    clearTimeout(retry)
    socket?.close()
  }
}
