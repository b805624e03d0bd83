import * as v from 'valibot'

/** Ids are PostgreSQL integers: a larger one would be a database error, not a 400. */
export const MAX_ID = 2_147_483_647

/**
 * A positive integer id, as a query string or a form field sends it (text) or JSON does (a
 * number): 1 to MAX_ID.
 */
export const Id = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^[1-9]\d{0,9}$/),
  v.transform(Number),
  v.maxValue(MAX_ID),
)

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

/** A field the server does not read (SHOWROOM clients send it): anything, or nothing. */
export const Ignored = v.optional(v.unknown())

/** Text of at most `max` code units (a form field, or a number JSON sent as one). */
export const Text = (max: number) =>
  v.pipe(
    v.union([v.string(), v.pipe(v.number(), v.finite(), v.transform(String))]),
    v.maxLength(max),
  )

/** `{ ok: 1 }`: a state-changing call that has nothing more to say. */
export interface Ok {
  ok: 1
}
