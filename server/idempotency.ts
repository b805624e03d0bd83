import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './env.ts'
import { ApiError, messages } from './errors.ts'
import { readBody, SAFE_METHODS } from './request.ts'
import { clientAddress } from './caller.ts'
import { idempotencyQuotaRefused } from './services/observability/metrics.ts'
import {
  IDEMPOTENCY_QUOTA,
  claimKey,
  fingerprintOf,
  keepAnswer,
  releaseKey,
  runKeyed,
} from './services/idempotency.ts'

/** Past the quota (IDEMPOTENCY_QUOTA): said in the site's language, as the other key errors. */
const IDEMPOTENCY_QUOTA_MESSAGE = '操作が多すぎます。しばらくしてからもう一度お試しください'

/** A key as the IETF draft sends it (a quoted structured-field string) or bare, as Stripe's clients do. */
const KEY = /^"?([\x21\x23-\x7e]{1,255})"?$/

/**
 * Answers that are final for a key; others (login needed, refused token, a claim still running,
 * a rate limit, a server failure) change nothing and leave the key free for a retry.
 */
const keptStatus = (status: number) =>
  status < 500 && ![401, 403, 408, 409, 425, 429].includes(status)

/**
 * Exactly once under retries (issue #40): a state-changing call sent with `Idempotency-Key` runs
 * once per caller and key within a day; its retries get the first answer (`Idempotent-Replayed:
 * true`) and spend nothing more. The same key with another request is a 422; a retry that comes
 * while the first is still running, a 409 with `Retry-After`; one whose first copy did its work
 * and died before answering, a 409 `IDEMPOTENCY_KEY_EFFECTED` (nothing runs twice); a new key past
 * its caller's quota, a 429 `IDEMPOTENCY_KEY_QUOTA` (not run). Calls without the header
 * (SHOWROOM's clients) run as always. After requireCsrf, which found the session the key belongs to.
 */
export const idempotencyKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('idempotency-key')
  if (header === undefined || SAFE_METHODS.has(c.req.method)) return next()
  const key = KEY.exec(header.trim())?.[1]
  if (!key) {
    throw new ApiError(400, messages.idempotencyKeyInvalid, {
      errorType: 'IDEMPOTENCY_KEY_INVALID',
    })
  }
  const session = c.var.session
  // requireCsrf lets no state-changing call through without a session.
  if (!session) return next()
  const signedIn = session.userId !== null
  const scope = signedIn ? `user:${session.userId}` : `session:${session.id}`
  // The quota counts a user, or the address of anonymous callers (a session is free to make).
  const caller = signedIn
    ? { id: scope, quota: IDEMPOTENCY_QUOTA.user }
    : { id: `address:${clientAddress(c)}`, quota: IDEMPOTENCY_QUOTA.address }
  const url = new URL(c.req.url)
  const fingerprint = fingerprintOf({
    method: c.req.method,
    path: url.pathname,
    query: url.search,
    body: await readBody(c),
  })
  const db = c.var.db
  const claim = await claimKey(db, scope, key, fingerprint, caller)
  switch (claim.kind) {
    case 'otherRequest':
      throw new ApiError(422, messages.idempotencyKeyReused, {
        errorType: 'IDEMPOTENCY_KEY_REUSED',
      })
    case 'running':
      c.header('Retry-After', '1')
      throw new ApiError(409, messages.idempotencyKeyRunning, {
        errorType: 'IDEMPOTENCY_KEY_RUNNING',
      })
    case 'effected':
      // Its work was done and its answer lost with its process: never run again.
      throw new ApiError(409, messages.idempotencyKeyEffected, {
        errorType: 'IDEMPOTENCY_KEY_EFFECTED',
      })
    case 'answered': {
      const headers = new Headers({ 'Idempotent-Replayed': 'true', 'Cache-Control': 'no-store' })
      if (claim.contentType) headers.set('Content-Type', claim.contentType)
      return new Response(claim.body, { status: claim.status, headers })
    }
    case 'overQuota':
      // Not run: served without keeping its answer, a retry would run it twice.
      idempotencyQuotaRefused.inc({ caller: signedIn ? 'user' : 'anonymous' })
      c.header('Retry-After', String(claim.retryAfterS))
      throw new ApiError(429, IDEMPOTENCY_QUOTA_MESSAGE, {
        errorType: 'IDEMPOTENCY_KEY_QUOTA',
      })
    case 'claimed':
      break
  }
  const { call } = claim
  try {
    // The value-moving transaction marks the key in its own commit (markEffect).
    await runKeyed(call, () => next())
  } catch (error) {
    // The call's own failure is the answer; a database too far away to let the key go leaves it
    // claimed (a retry takes it over once it is stale; a new action has a new key).
    await releaseKey(db, call).catch(() => {})
    throw error
  }
  const answer = c.res
  // An anonymous caller's refusal is not kept: nothing to replay, and a 404 costs it nothing.
  if (!keptStatus(answer.status) || (!signedIn && answer.status >= 400)) {
    await releaseKey(db, call).catch(() => {})
    return
  }
  await keepAnswer(db, call, {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    body: await answer.clone().text(),
  })
}
