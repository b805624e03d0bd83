import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type { Logger } from '../../env.ts'
import { startJob, type Job } from '../jobs.ts'
import { roomImage } from '../room-pages.ts'
import { RETRY_AFTER_MAX_MS, type PushResult, type PushTransport } from './transport.ts'

/** Notifications one process claims at a time. */
export const PUSH_BATCH = 500
/** A notification the push service could not take now is tried this many times in all. */
export const PUSH_MAX_ATTEMPTS = 5
/** The first retry's wait; each next one waits four times longer (or what Retry-After says). */
const RETRY_BASE_MS = 5_000
export const PUSH_INTERVAL_MS = 1_000
/** A claim whose process died before the answer is never sent again; the purge takes it then. */
export const PUSH_CLAIM_KEPT_MS = 86_400_000

/** What the service worker shows (src/sw/push.ts): the notification and where a tap leads. */
export interface PushPayload {
  title: string
  body: string
  /** An absolute URL of a picture (the liver's), or ''. */
  icon: string
  /** The page a tap opens, absolute. */
  url: string
  /** One notification per live (or notice) on a device: a second one replaces the first. */
  tag: string
}

interface Due {
  id: string
  attempts: number
  subscription_id: string
  endpoint: string
  p256dh: string
  auth: string
  kind: string
  title: string
  body: string
  url: string
  room_id: number | null
  room_name: string | null
  live_id: number | null
  notice_id: string
}

/** The notification of one notice: a live's says the room's name, 配信開始 and shows the liver. */
export function payloadOf(due: Due, origin: string): PushPayload {
  const url = new URL(due.url || '/', origin).toString()
  const icon = due.room_id === null ? '' : roomImage(origin, due.room_id)
  if (due.kind === 'live_start' && due.room_name !== null) {
    return {
      title: due.room_name,
      body: `配信開始 — ${due.title}`,
      icon,
      url,
      tag: `live-${due.live_id}`,
    }
  }
  return { title: due.title, body: due.body, icon, url, tag: `notice-${due.notice_id}` }
}

/**
 * Claims up to PUSH_BATCH due notifications (committed before anything is sent: of several
 * processes each takes its own, and a notification is sent at most once even if this process
 * dies mid-send), sends them `concurrency` at a time and settles each by the push service's
 * answer: delivered (2xx) goes; a device the service no longer knows (404, 410) is removed with
 * everything owed to it; a busy service or a lost answer (429, 5xx, none) is tried again later,
 * PUSH_MAX_ATTEMPTS times in all; any other refusal goes, logged. Answers how many were claimed.
 */
export async function sendDuePushes(
  db: Db,
  transport: PushTransport,
  options: { origin: string; concurrency: number; ttlSeconds: number; logger?: Logger },
): Promise<number> {
  const claimed = await sql<{ id: string }>`
    update push_outbox set claimed_at = now(), attempts = attempts + 1
    where id in (
      select id from push_outbox
      where claimed_at is null and next_at <= now()
      order by next_at, id
      limit ${PUSH_BATCH}::int
      for update skip locked
    )
    returning id`.execute(db)
  if (claimed.rows.length === 0) return 0
  const ids = claimed.rows.map((r) => r.id)
  const due = (
    await sql<Due>`
      select push_outbox.id, push_outbox.attempts, push_outbox.subscription_id,
        push_subscriptions.endpoint, push_subscriptions.p256dh, push_subscriptions.auth,
        user_notices.kind, user_notices.title, user_notices.body, user_notices.url,
        user_notices.room_id, rooms.room_name, user_notices.live_id, push_outbox.notice_id
      from push_outbox
      join push_subscriptions on push_subscriptions.id = push_outbox.subscription_id
      join user_notices on user_notices.id = push_outbox.notice_id
      left join rooms on rooms.id = user_notices.room_id
      where push_outbox.id = any(${ids}::bigint[])`.execute(db)
  ).rows

  const delivered: string[] = []
  const reached = new Set<string>()
  const dropped: string[] = []
  const released: string[] = []
  const gone = new Set<string>()
  const retry: Array<{ id: string; waitMs: number }> = []
  const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : '?')
  // Each send settles on its own: one that throws or is refused takes only itself out, and the
  // transport's deadline bounds how long any one holds its worker.
  const settle = async (item: Due) => {
    let result: PushResult
    try {
      result = await transport.send({
        endpoint: item.endpoint,
        keys: { p256dh: item.p256dh, auth: item.auth },
        payload: JSON.stringify(payloadOf(item, options.origin)),
        ttl: options.ttlSeconds,
        urgency: item.kind === 'live_start' ? 'high' : 'normal',
        ...(item.live_id !== null && { topic: `live-${item.live_id}` }),
      })
    } catch (error) {
      dropped.push(item.id)
      options.logger?.error('a push notification could not be sent', {
        error: String(error),
        host: hostOf(item.endpoint),
      })
      return
    }
    const { status } = result
    if (result.aborted) released.push(item.id)
    else if (result.refused !== undefined) {
      // Not a push service's endpoint (any more): the device goes, as for 404 and 410.
      gone.add(item.subscription_id)
      options.logger?.error('a push endpoint was refused', {
        reason: result.refused,
        host: hostOf(item.endpoint),
      })
    } else if (status >= 200 && status < 300) {
      delivered.push(item.id)
      reached.add(item.subscription_id)
    } else if (status === 404 || status === 410) gone.add(item.subscription_id)
    else if ((status === 0 || status === 429 || status >= 500) && item.attempts < PUSH_MAX_ATTEMPTS)
      retry.push({
        id: item.id,
        waitMs: Math.min(
          RETRY_AFTER_MAX_MS,
          result.retryAfterMs ?? RETRY_BASE_MS * 4 ** (item.attempts - 1),
        ),
      })
    else {
      dropped.push(item.id)
      options.logger?.error('a push notification was refused', {
        status,
        attempts: item.attempts,
        host: hostOf(item.endpoint),
      })
    }
  }
  let next = 0
  const worker = async () => {
    for (let item = due[next++]; item; item = due[next++]) await settle(item)
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, due.length) }, worker))

  const done = [...delivered, ...dropped]
  if (done.length > 0) {
    await sql`delete from push_outbox where id = any(${done}::bigint[])`.execute(db)
  }
  if (reached.size > 0) {
    await sql`
      update push_subscriptions set last_sent_at = now()
      where id = any(${[...reached]}::bigint[])`.execute(db)
  }
  if (gone.size > 0) {
    await sql`delete from push_subscriptions where id = any(${[...gone]}::bigint[])`.execute(db)
  }
  // Stopped on its way: nothing is known to have been sent, so the try does not count.
  if (released.length > 0) {
    await sql`
      update push_outbox set claimed_at = null, attempts = attempts - 1
      where id = any(${released}::bigint[])`.execute(db)
  }
  for (const { id, waitMs } of retry) {
    await sql`
      update push_outbox set claimed_at = null,
        next_at = now() + ${Math.round(waitMs)}::int * interval '1 millisecond'
      where id = ${id}::bigint`.execute(db)
  }
  return claimed.rows.length
}

/**
 * The least time a notification stays owed, whatever WEB_PUSH_TTL_S says: room for its retries
 * (5 s to 320 s apart) when the TTL is 0.
 */
const STALE_FLOOR_S = 600
/** How often a process looks for stale notifications. */
const STALE_EVERY_MS = 60_000

/**
 * Deletes notifications not sent within their time-to-live (`ttlSeconds`, at least
 * STALE_FLOOR_S) and not claimed now: the push service would not keep them that long for a
 * device that is offline, so sending one now would be news of a live long over. Answers how many.
 */
export async function purgeStalePushes(db: Db, ttlSeconds: number): Promise<number> {
  const keptS = Math.max(ttlSeconds, STALE_FLOOR_S)
  const result = await sql`
    delete from push_outbox
    where claimed_at is null and created_at < now() - ${keptS}::int * interval '1 second'`.execute(
    db,
  )
  return Number(result.numAffectedRows ?? 0)
}

/**
 * sendDuePushes every PUSH_INTERVAL_MS in every process (they share the work), until none is
 * due; stale notifications go once a minute. Stopping aborts the sends on their way (their
 * claims are released, their tries not counted) instead of waiting for their answers.
 */
export function startPushSender(deps: {
  db: Db
  logger: Logger
  transport: PushTransport
  origin: string
  concurrency: number
  ttlSeconds: number
}): Job {
  let stopping = false
  let purgedAt = 0
  const job = startJob({
    name: 'web push',
    intervalMs: PUSH_INTERVAL_MS,
    logger: deps.logger,
    now: false,
    run: async () => {
      if (Date.now() - purgedAt >= STALE_EVERY_MS) {
        purgedAt = Date.now()
        const stale = await purgeStalePushes(deps.db, deps.ttlSeconds)
        if (stale > 0) deps.logger.info('stale push notifications purged', { count: stale })
      }
      while (!stopping && (await sendDuePushes(deps.db, deps.transport, deps)) > 0) {
        // the next batch at once while there is work
      }
    },
  })
  return {
    async stop() {
      stopping = true
      deps.transport.close()
      await job.stop()
    },
  }
}
