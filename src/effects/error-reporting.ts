import type { ErrorEvent, EventHint } from '@sentry/react'
import type { ErrorReportingSettings } from '../domain/api-types.ts'
import { isIgnoredError } from '../domain/error-filter.ts'

/** Where errors go (SPEC.md §8, issue #26): the error-reporting service, or nowhere. */
export interface ErrorReporter {
  capture: (error: unknown) => void
  /** The user id is the only personal data an event carries (null: anonymous). */
  setUser: (userId: number | null) => void
}

type Sentry = typeof import('@sentry/react')

export const NO_REPORTER: ErrorReporter = { capture: () => {}, setUser: () => {} }

/**
 * The event as it may leave the browser: ignored errors dropped (SPEC §8), and nothing of the
 * user but the id — no address, no cookies, no headers.
 */
export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  if (isIgnoredError(hint.originalException)) return null
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id }
  if (event.request) {
    delete event.request.cookies
    delete event.request.headers
  }
  return event
}

/**
 * A reporter for `settings` (none: NO_REPORTER). The SDK is not in the first page's code: it
 * loads when `start` says (the browser idle), and what was captured before waits for it.
 */
export function createErrorReporter(
  settings: ErrorReportingSettings | null,
  options: { release: string; start: (task: () => void) => void; load?: () => Promise<Sentry> },
): ErrorReporter {
  if (settings === null) return NO_REPORTER
  let sentry: Sentry | null = null
  let user: number | null = null
  const waiting: unknown[] = []
  const load = options.load ?? (() => import('@sentry/react'))
  options.start(() => {
    load()
      .then((sdk) => {
        sdk.init({
          dsn: settings.dsn,
          environment: settings.environment,
          release: options.release,
          tracesSampleRate: settings.traces_sample_rate,
          // No personal data beyond the user id (set below): no cookies, headers, bodies or query.
          dataCollection: {
            userInfo: false,
            cookies: false,
            httpHeaders: false,
            httpBodies: [],
            urlQueryParams: false,
          },
          // The app's own listeners decide what reaches the global handler (main.tsx).
          integrations: (defaults) => [
            ...defaults.filter((i) => i.name !== 'GlobalHandlers'),
            sdk.browserTracingIntegration(),
          ],
          beforeSend,
        })
        sdk.setUser(user === null ? null : { id: String(user) })
        sentry = sdk
        for (const error of waiting.splice(0)) sdk.captureException(error)
      })
      // Reporting must never break the page: without the SDK, errors are only shown.
      .catch(() => {})
  })
  return {
    capture(error) {
      if (isIgnoredError(error)) return
      if (sentry) sentry.captureException(error)
      else if (waiting.length < 50) waiting.push(error)
    },
    setUser(userId) {
      user = userId
      sentry?.setUser(userId === null ? null : { id: String(userId) })
    },
  }
}
