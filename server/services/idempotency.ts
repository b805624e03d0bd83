import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'

/** How long a key holds its answer (the IETF draft leaves it to the server; payment APIs: a day). */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60_000

/**
 * A claim still pending this long is its process's no more (a call takes well under a second):
 * a retry takes it over. Safe at any age: the first copy, were it alive, could not commit its
 * work without its token (markEffect).
 */
export const STALE_CLAIM_MS = 15_000

/**
 * Keys one caller may hold within IDEMPOTENCY_KEPT_MS (issue #50): a signed-in user — far above
 * what a person sends (a gift or a draw every 20 s for a day) — and an address of anonymous
 * callers (anonymous sessions are free to make, so the address counts; keyed calls that spend
 * need a login, so an anonymous caller keeps few keys: room for a carrier's shared address).
 */
export const IDEMPOTENCY_QUOTA = { user: 5000, address: 1000 } as const

/** Whom a key counts against, and how many keys that caller may hold. */
export interface Caller {
  id: string
  quota: number
}

/** The keyed call running in this request, for the transaction that moves its value. */
export interface KeyedCall {
  scope: string
  key: string
  token: string
}

/**
 * What a call with a key finds: its own fresh claim, a kept answer, a claim still running, a call
 * that did its work and lost its answer (its process died), or a misuse.
 */
export type Claim =
  | { kind: 'claimed'; call: KeyedCall }
  | { kind: 'answered'; status: number; contentType: string | null; body: string }
  | { kind: 'running' }
  | { kind: 'effected' }
  | { kind: 'otherRequest' }
  /** The caller holds its quota of keys; the oldest leaves the window in `retryAfterS`. */
  | { kind: 'overQuota'; retryAfterS: number }

const keyedCalls = new AsyncLocalStorage<KeyedCall>()

/** Runs a claimed call's handler with its claim at hand for markEffect. */
export function runKeyed<T>(call: KeyedCall, handler: () => Promise<T>): Promise<T> {
  return keyedCalls.run(call, handler)
}

/**
 * In the transaction that moves a keyed call's gold or stock: its key is marked done-with-work
 * in the same commit, under its own token. A claim taken over meanwhile (this copy was too slow)
 * makes the transaction fail and roll back; a call without a key is untouched.
 */
export async function markEffect(tx: Db): Promise<void> {
  const call = keyedCalls.getStore()
  if (!call) return
  const marked = await tx
    .updateTable('idempotency_keys')
    .set({ state: 'effected' })
    .where('scope', '=', call.scope)
    .where('key', '=', call.key)
    .where('token', '=', call.token)
    .where('state', '=', 'pending')
    .executeTakeFirst()
  if (Number(marked.numUpdatedRows) !== 1) {
    throw new ApiError(409, messages.idempotencyKeyRunning, {
      errorType: 'IDEMPOTENCY_KEY_RUNNING',
    })
  }
}

/** The answer a keyed call gave, to be kept for its retries. */
export interface KeptAnswer {
  status: number
  contentType: string | null
  body: string
}

/**
 * A request's fingerprint: its method, path, query and body (without the CSRF token, which a
 * retry after a token refresh sends anew). Body keys are sorted, so a form and the same fields in
 * another order are one request.
 */
export function fingerprintOf(request: {
  method: string
  path: string
  query: string
  body: Record<string, unknown>
}): string {
  const body = Object.fromEntries(
    Object.entries(request.body)
      .filter(([key]) => key !== 'csrf_token')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  )
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.path, request.query, body]))
    .digest('base64url')
}

/**
 * Claims a key for one caller (scope) before its call runs. The claim is committed at once, so
 * of two requests racing with one key exactly one runs; a key older than a day is claimed anew.
 */
export async function claimKey(
  db: Db,
  scope: string,
  key: string,
  fingerprint: string,
  caller: Caller,
  now = new Date(),
): Promise<Claim> {
  const since = new Date(now.getTime() - IDEMPOTENCY_KEPT_MS)
  // An expired row the purge has not reached yet does not hold the key.
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '<', since)
    .execute()
  const token = randomUUID()
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, fingerprint, token, caller: caller.id, created_at: now, claimed_at: now })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  if (inserted)
    return (
      (await overQuota(db, scope, key, token, caller, since)) ?? {
        kind: 'claimed',
        call: { scope, key, token },
      }
    )
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'state', 'status', 'content_type', 'body', 'token', 'claimed_at'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst()
  // Let go between our insert and this read (the first call failed): the caller may try again.
  if (!row) return { kind: 'running' }
  if (row.fingerprint !== fingerprint) return { kind: 'otherRequest' }
  // A claim younger than a call can take is still running, its work done or not: its answer
  // is on its way.
  const fresh = new Date(row.claimed_at).getTime() > now.getTime() - STALE_CLAIM_MS
  if (row.state === 'effected') return fresh ? { kind: 'running' } : { kind: 'effected' }
  if (row.state === 'pending') {
    if (fresh) return { kind: 'running' }
    // Its process died before the call's work committed: this retry runs it, under a new token.
    let takeover = db
      .updateTable('idempotency_keys')
      .set({ token, claimed_at: now })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('state', '=', 'pending')
    takeover =
      row.token === null
        ? takeover.where('token', 'is', null)
        : takeover.where('token', '=', row.token)
    const taken = await takeover.executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1
      ? { kind: 'claimed', call: { scope, key, token } }
      : { kind: 'running' }
  }
  if (row.status === null) return { kind: 'running' }
  return {
    kind: 'answered',
    status: row.status,
    contentType: row.content_type,
    body: row.body ?? '',
  }
}

/**
 * A new key past its caller's quota is let go again, and the caller told when one frees up.
 * Counted after the insert, own row included: of callers racing at the limit none slips past it.
 * Only a new key is counted: a retry of a kept one still gets its answer.
 */
async function overQuota(
  db: Db,
  scope: string,
  key: string,
  token: string,
  caller: Caller,
  since: Date,
): Promise<Claim | null> {
  const held = await db
    .selectFrom('idempotency_keys')
    .select([
      sql<string>`count(*)::text`.as('count'),
      sql<Date | null>`min(created_at)`.as('oldest'),
    ])
    .where('caller', '=', caller.id)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  if (Number(held.count) <= caller.quota) return null
  await releaseKey(db, { scope, key, token })
  const oldest = held.oldest ? new Date(held.oldest).getTime() : since.getTime()
  const retryAfterS = Math.ceil((oldest - since.getTime()) / 1000)
  return {
    kind: 'overQuota',
    retryAfterS: Math.min(Math.max(retryAfterS, 1), IDEMPOTENCY_KEPT_MS / 1000),
  }
}

/** Keeps a claimed call's answer for its retries (unless its claim was taken over). */
export async function keepAnswer(db: Db, call: KeyedCall, answer: KeptAnswer) {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      status: answer.status,
      content_type: answer.contentType,
      body: answer.body,
    })
    .where('scope', '=', call.scope)
    .where('key', '=', call.key)
    .where('token', '=', call.token)
    .execute()
}

/**
 * Lets a claim go (the call failed and changed nothing): a retry with the key runs it again. A
 * call whose work committed before it failed keeps its key ('effected'): never run twice.
 */
export async function releaseKey(db: Db, call: KeyedCall) {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', call.scope)
    .where('key', '=', call.key)
    .where('token', '=', call.token)
    .where('state', '=', 'pending')
    .execute()
}

/** Deletes keys older than a day (the purge schedule); answers how many went. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEPT_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
