import { ApiRequestError } from './api-failure.ts'

/**
 * SPEC.md §8: errors go to the error-reporting service unless flagged to ignore. Ignored: a
 * timeout (20,000 ms), a network error, an aborted request, and a 400 (the user's own input,
 * answered with its message). Everything else is reported: other statuses, and any thrown error.
 */
export function isIgnoredError(error: unknown): boolean {
  if (error instanceof ApiRequestError) {
    const { failure } = error
    if (failure.kind === 'timeout' || failure.kind === 'network' || failure.kind === 'aborted')
      return true
    return failure.kind === 'server' && failure.status === 400
  }
  // A fetch or a stream the page itself aborted.
  return error instanceof DOMException && error.name === 'AbortError'
}

/** The errors a script throws at run time (not values thrown for control, not API failures). */
const RUNTIME_ERRORS = new Set([
  'TypeError',
  'ReferenceError',
  'RangeError',
  'SyntaxError',
  'EvalError',
  'URIError',
])

/**
 * SPEC.md §8: only runtime and type errors reach the global handler (window `error` and
 * `unhandledrejection`); a rejected promise of another kind was the caller's to handle.
 */
export function reachesGlobalHandler(error: unknown): boolean {
  return error instanceof Error && RUNTIME_ERRORS.has(error.name)
}
