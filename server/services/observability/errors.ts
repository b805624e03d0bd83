import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { DsnTarget, ObservabilityConfig } from '../../config-observability.ts'
import type { Db } from '../../db/index.ts'
import type { Logger } from '../../env.ts'
import { groupOf, type ErrorEvent, type Frame } from './envelope.ts'
import { errorEvents } from './metrics.ts'

/** Where server errors go: the collector's store, and the forward DSN when one is set. */
export interface ErrorSink {
  db: Db
  logger: Logger
  config: Pick<ObservabilityConfig, 'errorForward' | 'environment' | 'release'>
}

/** A group in the store, as /dev/api/errors lists it. */
export interface ErrorGroup {
  id: number
  source: 'client' | 'server'
  title: string
  culprit: string
  count: number
  first_seen: Date
  last_seen: Date
  level: string
  environment: string
  release: string
  sample: Record<string, unknown>
}

/** Counts `event` in its group (a new group on its first sighting); the newest is the sample. */
export async function recordEvent(
  db: Db,
  source: 'client' | 'server',
  event: ErrorEvent,
): Promise<void> {
  const { fingerprint, title, culprit } = groupOf(event)
  const row = {
    source,
    title,
    culprit,
    level: event.level.slice(0, 20),
    environment: event.environment ?? '',
    release: event.release ?? '',
    sample: JSON.stringify(event),
  }
  await db
    .insertInto('error_groups')
    .values({ fingerprint, ...row })
    .onConflict((oc) =>
      oc.column('fingerprint').doUpdateSet({
        ...row,
        count: sql<number>`error_groups.count + 1`,
        last_seen: sql<Date>`now()`,
      }),
    )
    .execute()
  errorEvents.inc({ source })
}

/** The groups, the most recently seen first. */
export async function listErrorGroups(db: Db, limit = 200): Promise<ErrorGroup[]> {
  return db
    .selectFrom('error_groups')
    .select([
      'id',
      'source',
      'title',
      'culprit',
      'count',
      'first_seen',
      'last_seen',
      'level',
      'environment',
      'release',
      'sample',
    ])
    .orderBy('last_seen', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** A group not seen for this long is over (or forgotten): the purge job deletes it. */
export const ERROR_GROUP_KEPT_MS = 30 * 86_400_000

/** Deletes the groups last seen more than ERROR_GROUP_KEPT_MS ago (services/purge.ts). */
export async function purgeErrorGroups(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('error_groups')
    .where('last_seen', '<', new Date(now.getTime() - ERROR_GROUP_KEPT_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The envelope URL of `target` with its key, as Sentry and GlitchTip take it. */
const envelopeUrl = (target: DsnTarget) =>
  `${target.envelopeUrl}?sentry_key=${encodeURIComponent(target.publicKey)}&sentry_version=7`

/**
 * Sends an envelope on to ERROR_FORWARD_DSN: in the background, given 5 s, a failure logged and
 * never thrown (the caller's answer does not wait for another service).
 */
export function forwardEnvelope(
  target: DsnTarget | undefined,
  logger: Logger,
  header: Record<string, unknown>,
  items: string,
): Promise<void> {
  if (!target) return Promise.resolve()
  const body = `${JSON.stringify({ ...header, dsn: target.dsn })}\n${items}`
  return fetch(envelopeUrl(target), {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope' },
    body,
    signal: AbortSignal.timeout(5000),
  }).then(
    async (response) => {
      await response.body?.cancel()
      if (!response.ok) logger.error('error forward refused', { status: response.status })
    },
    (error: unknown) => logger.error('error forward failed', { error: String(error) }),
  )
}

/** Node's `at fn (file:line:col)` lines as Sentry frames, innermost last. */
function framesOf(stack: string | undefined): Frame[] {
  const frames: Frame[] = []
  for (const line of (stack ?? '').split('\n').slice(1, 51)) {
    const match = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line)
    if (!match?.[2]) continue
    const filename = match[2].replace(/^file:\/\//, '')
    frames.push({
      function: match[1] ?? '?',
      filename,
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    })
  }
  return frames.reverse()
}

/** A server-side error as a Sentry event, tagged with where it happened. */
export function serverEvent(
  sink: Pick<ErrorSink, 'config'>,
  error: unknown,
  context: Record<string, string>,
): ErrorEvent {
  const err = error instanceof Error ? error : new Error(String(error))
  const event: ErrorEvent = {
    event_id: randomUUID().replaceAll('-', ''),
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: 'error',
    exception: {
      values: [
        {
          type: err.name,
          value: err.message.slice(0, 2000),
          stacktrace: { frames: framesOf(err.stack) },
        },
      ],
    },
    environment: sink.config.environment,
    tags: context,
  }
  if (sink.config.release) event.release = sink.config.release
  return event
}

/**
 * Records a server error (a 500, an unhandled rejection, a failed job) where the app's errors
 * go, and forwards it. Never throws: reporting an error must not make another.
 */
export async function reportServerError(
  sink: ErrorSink,
  error: unknown,
  context: Record<string, string>,
): Promise<void> {
  const event = serverEvent(sink, error, context)
  const forwarded = forwardEnvelope(
    sink.config.errorForward,
    sink.logger,
    { event_id: event.event_id, sent_at: new Date().toISOString() },
    `${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`,
  )
  try {
    await recordEvent(sink.db, 'server', event)
  } catch (failure) {
    sink.logger.error('error report not stored', { error: String(failure) })
  }
  await forwarded
}
