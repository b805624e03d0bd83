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

/**
 * A search value that is an id (`?genre_id=5`, which the router has already read as the number
 * 5), by the same rule as id params; undefined when it is absent or not an id.
 */
export function searchId(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const id = parseId(String(value))
  return id === null ? undefined : id
}

/** A page number in a search (`?page=3`): written like an id, at most `max`; else undefined. */
export function searchPage(value: unknown, max: number): number | undefined {
  const page = searchId(value)
  return page !== undefined && page <= max ? page : undefined
}
