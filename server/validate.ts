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

/** Optional `0`/`1` flag in a query string. */
export const flag01 = v.optional(v.picklist(['0', '1']))

/** A positive integer id given as a string: the wire contract's one id rule. */
export const idString = Id

/** A string field of a body (form or JSON); numbers are taken as their text. Missing or too long: 400. */
export function text(
  body: Record<string, unknown>,
  key: string,
  options: { max?: number; optional?: boolean } = {},
): string {
  const value = body[key]
  const str =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined
  if (str === undefined) {
    if (options.optional && (value === undefined || value === null)) return ''
    throw new ApiError(400, `${messages.invalidParameter} (${key})`)
  }
  if (str.length > (options.max ?? 256))
    throw new ApiError(400, `${messages.invalidParameter} (${key})`)
  return str
}

/** A positive integer id in a path (`/img/room/{id}.svg`): beyond PostgreSQL's integer, a 400. */
export function pathId(digits: string): number {
  return parseOr400(Id, digits)
}

/** A positive integer id in a body (form or JSON); anything else is a 400 naming the field. */
export function bodyId(body: Record<string, unknown>, key: string): number {
  const id = v.safeParse(Id, text(body, key, { max: 10 }))
  if (!id.success) throw new ApiError(400, `${messages.invalidParameter} (${key})`)
  return id.output
}

/** A `0`/`1` flag in a body; `fallback` when it is missing, a 400 when it is anything else. */
export function bodyFlag(body: Record<string, unknown>, key: string, fallback?: boolean): boolean {
  const str = text(body, key, { max: 1, optional: fallback !== undefined })
  if (str === '' && fallback !== undefined) return fallback
  if (str !== '0' && str !== '1') throw new ApiError(400, `${messages.invalidParameter} (${key})`)
  return str === '1'
}
