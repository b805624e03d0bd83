import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../env.ts'
import { isHttps } from '../caller.ts'
import type { Db } from '../db/index.ts'
import type { Session } from './session-record.ts'

/**
 * The session cookie has SHOWROOM's name, so existing SHOWROOM clients (tools that log in for a
 * user and read the session from `sr_id`) work unchanged.
 */
export const SESSION_COOKIE = 'sr_id'
/** The name Kirari used before; a browser that still sends it keeps its session until it rotates. */
export const LEGACY_SESSION_COOKIE = 'kirari_sid'
const SESSION_DAYS = 30
/**
 * A visitor who never logs in needs a session only for a CSRF token and a captcha; a day is
 * plenty (an expired token is fetched again), and such sessions do not pile up for a month.
 */
const ANONYMOUS_SESSION_DAYS = 1

function token(): string {
  return randomBytes(24).toString('base64url')
}

/** The session named by the request's cookie, if it exists and has not expired. */
export async function findSession(db: Db, c: Context<AppEnv>): Promise<Session | null> {
  const id = getCookie(c, SESSION_COOKIE) ?? getCookie(c, LEGACY_SESSION_COOKIE)
  if (!id || !/^[\w-]{20,64}$/.test(id)) return null
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'csrf_token'])
    .where('id', '=', id)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  return row ? { id: row.id, userId: row.user_id, csrfToken: row.csrf_token } : null
}

/** The current session, creating an anonymous one (and its cookie) when there is none. */
export async function ensureSession(db: Db, c: Context<AppEnv>): Promise<Session> {
  const existing = await findSession(db, c)
  if (existing) return existing
  return startSession(db, c, null)
}

/**
 * A new session for `userId` (or anonymous), replacing the request's old one: the id changes
 * at every login and logout, so a session id seen before login is worth nothing after it.
 *
 * The Web Push devices subscribed in the old session (issue #50) move to the new one while the
 * user stays the same, so that the logout ending it still removes them; when the user changes or
 * the new session is anonymous they are removed. Deleting the old session alone would only
 * unlink them (`on delete set null`), and the next person at that browser would get the
 * previous user's notifications.
 */
export async function rotateSession(
  db: Db,
  c: Context<AppEnv>,
  userId: number | null,
): Promise<Session> {
  const old = [SESSION_COOKIE, LEGACY_SESSION_COOKIE]
    .map((name) => getCookie(c, name))
    .filter((id): id is string => id !== undefined && id !== '')
  const session = newSession(userId)
  const work = async (tx: Db) => {
    await insertSession(tx, session)
    if (old.length === 0) return
    if (userId !== null) {
      await tx
        .updateTable('push_subscriptions')
        .set({ session_id: session.id })
        .where('session_id', 'in', old)
        .where('user_id', '=', userId)
        .execute()
    }
    await tx.deleteFrom('push_subscriptions').where('session_id', 'in', old).execute()
    await tx.deleteFrom('sessions').where('id', 'in', old).execute()
  }
  await (db.isTransaction ? work(db) : db.transaction().execute(work))
  if (getCookie(c, LEGACY_SESSION_COOKIE)) deleteCookie(c, LEGACY_SESSION_COOKIE, { path: '/' })
  setSessionCookie(c, session)
  return session
}

async function startSession(db: Db, c: Context<AppEnv>, userId: number | null): Promise<Session> {
  const session = newSession(userId)
  await insertSession(db, session)
  setSessionCookie(c, session)
  return session
}

const daysOf = (session: Session) =>
  session.userId === null ? ANONYMOUS_SESSION_DAYS : SESSION_DAYS

function newSession(userId: number | null): Session {
  return { id: token(), userId, csrfToken: token() }
}

async function insertSession(db: Db, session: Session): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      csrf_token: session.csrfToken,
      expires_at: new Date(Date.now() + daysOf(session) * 86_400_000),
    })
    .execute()
}

function setSessionCookie(c: Context<AppEnv>, session: Session): void {
  setCookie(c, SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: daysOf(session) * 86_400,
  })
}

/** Constant-time comparison of a submitted CSRF token with the session's. */
export function csrfMatches(session: Session | null, submitted: unknown): boolean {
  if (!session || typeof submitted !== 'string' || submitted.length === 0) return false
  const a = Buffer.from(session.csrfToken)
  const b = Buffer.from(submitted)
  return a.length === b.length && timingSafeEqual(a, b)
}
