import type { Context, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { hasRefusedCharacter } from '../src/contract/common.ts'
import { CsrfField } from '../src/contract/session.ts'
import type { AppEnv, Body } from './env.ts'
import { ApiError, messages } from './errors.ts'
import { authMessages } from './services/accounts.ts'
import { csrfMatches, findSession } from './services/sessions.ts'

/**
 * The request body as an object, whatever SPEC.md §7 says the call uses (form or JSON); read
 * once per request. Anything that is not an object is a 400, never a crash.
 */
export async function readBody(c: Context<AppEnv>): Promise<Body> {
  const cached = c.get('body')
  if (cached) return cached
  const type = c.req.header('content-type') ?? ''
  let body: Body = {}
  if (type.includes('application/json')) {
    const text = await c.req.text()
    if (text.trim() !== '') {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        throw new ApiError(400, messages.invalidJson)
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new ApiError(400, messages.invalidJson)
      }
      body = parsed as Body
    }
  } else if (
    type.includes('application/x-www-form-urlencoded') ||
    type.includes('multipart/form-data')
  ) {
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError(400, messages.invalidJson)
    })
    body = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'))
  }
  if (holdsRefusedText(body)) throw new ApiError(400, messages.refusedCharacter)
  c.set('body', body)
  return body
}

/** Whether any text in a parsed body (at any depth, keys too) holds a character PostgreSQL refuses. */
function holdsRefusedText(value: unknown): boolean {
  if (typeof value === 'string') return hasRefusedCharacter(value)
  if (Array.isArray(value)) return value.some(holdsRefusedText)
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(
      ([key, item]) => hasRefusedCharacter(key) || holdsRefusedText(item),
    )
  return false
}

/**
 * No raw text reaches the database (issue #40): a path or query with NUL (`%00`) is a 400 with
 * its message, whatever the call (bodies: readBody). One place, before every call's own rules.
 */
export const refuseRawText: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url
  const pathAndQuery = url.slice(url.indexOf('/', url.indexOf('//') + 2))
  let decoded = pathAndQuery
  try {
    decoded = decodeURIComponent(pathAndQuery.replaceAll('+', ' '))
  } catch {
    // Malformed escapes are the router's and the call's to refuse.
  }
  if (hasRefusedCharacter(decoded)) throw new ApiError(400, messages.refusedCharacter)
  await next()
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Every state-changing call carries the session's CSRF token, as the form field `csrf_token` or
 * the `X-CSRF-Token` header (JSON calls). Without it: 403 CSRF_INVALID — also when the session
 * the token belonged to has ended (an expired login), so a client can tell this refusal apart,
 * fetch a new token and find out whether the user must log in again.
 */
export const requireCsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next()
  const session = await findSession(c.var.db, c)
  const submitted = c.req.header('x-csrf-token') ?? v.parse(CsrfField, await readBody(c)).csrf_token
  if (!csrfMatches(session, submitted)) {
    throw new ApiError(403, messages.csrf, { errorType: 'CSRF_INVALID' })
  }
  c.set('session', session)
  return next()
}

/** The logged-in caller's user id, or null (the session requireCsrf found, else the cookie's). */
export async function sessionUserId(c: Context<AppEnv>): Promise<number | null> {
  const session = c.var.session ?? (await findSession(c.var.db, c))
  return session?.userId ?? null
}

/** As sessionUserId, but an anonymous caller is a 401 with the login-required message. */
export async function requireUserId(c: Context<AppEnv>): Promise<number> {
  const userId = await sessionUserId(c)
  if (userId === null) throw new ApiError(401, authMessages.loginRequired)
  return userId
}
