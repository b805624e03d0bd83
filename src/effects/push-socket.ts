import {
  STOCK_MAX,
  SeenComments,
  VISIBLE_MAX,
  mergeBackfill,
  type CommentEntry,
  type PushEvent,
  type PushFrame,
} from '../domain/comments.ts'
import { avatarUrl } from '../domain/avatar.ts'
import { giftImage } from '../domain/gifts.ts'
import { parsePushPayload } from '../contract/push.ts'

export const PING_INTERVAL_MS = 60_000
const MAX_BACKOFF_MS = 30_000
const FIRST_BACKOFF_MS = 500

/**
 * The wait before reconnect attempt `attempts` (1, 2, …): doubling up to 30 s, of which a random
 * half, so that the thousands of sockets of a process that died do not all come back at once.
 */
export function reconnectDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempts)
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
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

/**
 * A push frame (`MSG\t<key>\t<json>`) as a machine event: its payload checked against the
 * contract (src/contract/push.ts); null for frames we do not use and for ones that do not fit.
 */
export function parseFrame(frame: string): PushFrame | null {
  if (!frame.startsWith('MSG\t')) return null
  let payload: unknown
  try {
    payload = JSON.parse(frame.slice(frame.indexOf('\t', 4) + 1))
  } catch {
    return null
  }
  const parsed = parsePushPayload(payload)
  if (!parsed) return null
  switch (parsed.type) {
    case '1': {
      const f = parsed.frame
      return {
        type: 'push.comment',
        comment: {
          comment: f.cm,
          name: f.ac,
          user_id: f.u,
          avatar_id: f.av,
          avatar_url: avatarUrl(f.av),
          ua: f.ua,
          aft: f.at,
          created_at: f.created_at,
          // A navigator's comment (issue #23): the staff badge.
          ...(f.st === 1 ? { is_staff: true } : {}),
        },
      }
    }
    case '2': {
      const f = parsed.frame
      return {
        type: 'push.gift',
        gift: {
          avatar_id: f.av,
          avatar_url: avatarUrl(f.av),
          name: f.ac,
          gift_id: f.g,
          num: f.n,
          ua: f.ua,
          created_at: f.created_at,
          user_id: f.u,
          aft: f.at,
          image: giftImage(f.g),
          image2: '',
        },
      }
    }
    case '3':
      return { type: 'push.voteStarted' }
    case '4':
      return { type: 'push.voteEnded', results: parsed.frame.results }
    case '8':
      return { type: 'push.telop', telop: parsed.frame.telop }
    case '101':
      return { type: 'push.liveEnd' }
    case '201':
      return { type: 'push.welcome', comment: parsed.frame.comment }
    case '203': {
      const f = parsed.frame
      return {
        type: 'push.eventStanding',
        standing: {
          eventId: f.event_id,
          eventName: f.event_name,
          endedAt: f.ended_at,
          rank: f.rank,
          point: f.point,
          gap: f.gap,
        },
      }
    }
    case '204':
      return { type: 'push.eventRanking', eventId: parsed.frame.event_id, version: parsed.frame.v }
    case '205':
      return {
        type: 'push.interrupted',
        interrupted: parsed.frame.interrupted,
        reason: parsed.frame.reason,
      }
    case '202': {
      const f = parsed.frame
      return {
        type: 'push.log',
        log: {
          id: `log-${f.created_at}-${f.user_id ?? 0}-${f.text}`,
          targetType: f.target_type,
          userId: f.user_id ?? null,
          text: f.text,
        },
      }
    }
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
    if (batch.length > 0) send({ type: 'push.comments', comments: batch })
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
      retry = setTimeout(connect, reconnectDelay(attempts))
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
