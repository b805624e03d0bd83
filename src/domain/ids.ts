/** Ids are PostgreSQL integers: a larger one would be a database error, not a 400 or a 404. */
export const MAX_ID = 2_147_483_647

/**
 * The one id rule of both programs: a positive integer written plainly (no sign, no leading
 * zero, no exponent), 1 to MAX_ID. The wire contract's `Id` schema and the routes' id params
 * both read ids through it. Null when the text is not such an id.
 */
export function parseId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null
  const id = Number(text)
  return id <= MAX_ID ? id : null
}
