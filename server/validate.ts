import * as v from 'valibot'
import type { Context } from 'hono'
import { ApiError, messages } from './errors.ts'

/** Parses the query string with a valibot schema; bad input is a 400 with the field named. */
export function query<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query())
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue.path?.map((p) => String(p.key)).join('.') ?? ''
  throw new ApiError(
    400,
    field ? `${messages.invalidParameter} (${field})` : messages.invalidParameter,
  )
}

/** Optional `0`/`1` flag in a query string. */
export const flag01 = v.optional(v.picklist(['0', '1']))

/** A positive integer id given as a string. */
export const idString = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))

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
