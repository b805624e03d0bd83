import * as v from 'valibot'
import { parseId } from '../domain/ids.ts'

export { MAX_ID } from '../domain/ids.ts'

/**
 * A positive integer id, as a query string or a form field sends it (text) or JSON does (a
 * number): 1 to MAX_ID, by the one id rule of both programs (`parseId`, which the app's routes
 * use for their id params too).
 */
export const Id = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((id) => parseId(String(id))),
  v.number(),
)

/** A file named in a path by its digits, with or without an extension (`12.svg`, `3.ts`, `12`). */
const NumberedFile = v.pipe(
  v.string(),
  v.regex(/^\d+(?:\.[a-z0-9]+)?$/),
  v.transform((file) => file.replace(/\..*$/, '')),
)

/**
 * A file in a path named by an id (`/img/room/{id}.svg`): the id, by the one id rule (as `Id`).
 * The route's pattern names the extension; this gives the file's id its type, once.
 */
export const FileId = v.pipe(NumberedFile, v.transform(parseId), v.number())

/**
 * A file in a path named by a number of up to nine digits, 0 included (`/img/avatar/{n}.svg`, a
 * stream's segment `{n}.ts`): the number.
 */
export const FileNumber = v.pipe(NumberedFile, v.regex(/^\d{1,9}$/), v.transform(Number))

/** A `0`/`1` flag (form fields and JSON alike). */
export const Flag = v.pipe(
  v.union([v.picklist(['0', '1']), v.picklist([0, 1])]),
  v.transform((f) => String(f) === '1'),
)

/**
 * An optional `0`/`1` flag: missing, null or '' (an empty form field) is `fallback`, as the
 * server has always read it.
 */
export const FlagOr = (fallback: boolean) =>
  v.pipe(
    // Missing or null becomes '' (the default), so every case runs through the transform.
    v.nullish(v.union([v.literal(''), v.picklist(['0', '1']), v.picklist([0, 1])]), ''),
    v.transform((f) => (f === '' ? fallback : String(f) === '1')),
  )

/** An optional `0`/`1` flag in a query string. */
export const QueryFlag = v.optional(v.picklist(['0', '1']))

/** A field the server does not read (SHOWROOM clients send it): anything, or nothing. */
export const Ignored = v.optional(v.unknown())

/**
 * Whether text holds a character PostgreSQL refuses in a text value (NUL, U+0000); a lone
 * surrogate is not one (it is sent as U+FFFD). The server refuses such text at its edge
 * (server/request.ts), before any call's own rules.
 */
export const hasRefusedCharacter = (text: string): boolean => text.includes('\u0000')

/** Text of at most `max` code units (a form field, or a number JSON sent as one), without NUL. */
export const Text = (max: number) =>
  v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))]),
    v.maxLength(max),
    v.check((text) => !hasRefusedCharacter(text), 'NUL is not allowed'),
  )

/** Optional text of at most `max` code units: missing or null is '' (as the server reads it). */
export const OptionalText = (max: number) => v.nullish(Text(max), '')

/**
 * A field of a form whose rules live in src/domain and answer per field (400 INVALID_FIELDS with
 * `field_errors`, the messages the form shows): taken as it was sent, or missing.
 */
export const FormField = v.optional(v.unknown())

/** `{ ok: 1 }`: a state-changing call that has nothing more to say. */
export interface Ok {
  ok: 1
}
