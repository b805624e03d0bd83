import * as v from 'valibot'
import type { Context } from 'hono'
import { Id } from '../src/contract/common.ts'
import type { AppEnv } from './env.ts'
import { ApiError, messages } from './errors.ts'
import { readBody } from './request.ts'

/** `data` parsed with a valibot schema of the contract; bad input is a 400 naming the field. */
export function parseOr400<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue.path?.map((p) => String(p.key)).join('.') ?? ''
  throw new ApiError(
    400,
    field ? `${messages.invalidParameter} (${field})` : messages.invalidParameter,
  )
}

/** Parses the query string with a valibot schema; bad input is a 400 with the field named. */
export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseOr400(schema, c.req.query())
}

/** Parses the body (form or JSON, request.ts readBody) with a schema of the contract. */
export async function input<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parseOr400(schema, await readBody(c))
}

/**
 * Parses the query string's fields over the body's with one schema, for a call whose clients
 * send its fields either way (SHOWROOM's sends a form even with a DELETE).
 */
export async function queryOrBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  return parseOr400(schema, { ...(await readBody(c)), ...c.req.query() })
}

/** A positive integer id in a path (`/img/room/{id}.svg`): beyond PostgreSQL's integer, a 400. */
export function pathId(digits: string): number {
  return parseOr400(Id, digits)
}

/**
 * A path's params parsed with a contract schema: a path that does not fit names nothing, so it
 * is the 404 given (the page's own message, `messages.notFound` by default), not a 400.
 */
export function pathOr404<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  notFound: string = messages.notFound,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data)
  if (!result.success) throw new ApiError(404, notFound)
  return result.output
}

/** A positive integer id in a path (`/api/gachas/{id}`): anything else, the 404 given. */
export const pathIdOr404 = (digits: string, notFound: string = messages.notFound): number =>
  pathOr404(Id, digits, notFound)
