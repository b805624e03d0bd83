import { notFound } from '@tanstack/react-router'
import { parseId } from '../domain/ids.ts'

/**
 * `params` for a route whose path params are ids: parsed once, with the id rule the server
 * uses, so components get numbers; anything else is the 404 page.
 */
export function idParams<K extends string>(...keys: K[]) {
  return {
    parse: (raw: Record<K, string>): Record<K, number> => {
      const parsed = {} as Record<K, number>
      for (const key of keys) {
        const id = parseId(raw[key])
        // TanStack Router shows the not-found page for a notFound() thrown here.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        if (id === null) throw notFound()
        parsed[key] = id
      }
      return parsed
    },
    stringify: (params: Record<K, number>): Record<K, string> => {
      const text = {} as Record<K, string>
      for (const key of keys) text[key] = String(params[key])
      return text
    },
  }
}
