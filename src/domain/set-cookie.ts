// RFC 6265 token characters for a cookie name; cookie-octets for its value.
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/

export interface CookieOptions {
  maxAgeSeconds: number
  path: string
  sameSite: 'Lax' | 'Strict' | 'None'
  secure?: boolean
}

/** A `Set-Cookie`/`document.cookie` string; names and values must be valid header characters. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!NAME.test(name)) throw new TypeError(`invalid cookie name: ${JSON.stringify(name)}`)
  if (!VALUE.test(value)) throw new TypeError(`invalid cookie value: ${JSON.stringify(value)}`)
  const parts = [
    `${name}=${value}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
    `Path=${options.path}`,
    `SameSite=${options.sameSite}`,
  ]
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}
