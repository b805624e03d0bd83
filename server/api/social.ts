import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { authMessages } from '../services/accounts.ts'

/** Social providers that can be configured; none is, until its keys are set (see README). */
export const SOCIAL_PROVIDERS = ['twitter', 'facebook'] as const

/**
 * SPEC.md §7 Social: the endpoints exist and say plainly that the provider is not configured.
 * A provider is added behind them with its OAuth keys; the client hides its buttons until
 * `/api/service_settings` lists it.
 */
export function socialRoutes() {
  const api = new Hono<AppEnv>()
  api.all('/:provider{twitter|facebook}/*', () => {
    throw new ApiError(400, authMessages.notConfigured, { errorType: 'SOCIAL_NOT_CONFIGURED' })
  })
  return api
}
