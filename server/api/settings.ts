import { Hono } from 'hono'
import type { ServiceSettingsAnswer } from '../../src/contract/settings.ts'
import type { AppEnv } from '../env.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../src/domain/locale.ts'
import { collectorDsn } from '../config-observability.ts'
import { configuredProviders } from '../config-social.ts'

/** `/api/service_settings`: what the client needs to know about this deployment. */
export function settingsRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/service_settings', (c) => {
    const config = c.var.config
    return c.json({
      locales: [...LOCALES],
      default_locale: DEFAULT_LOCALE,
      page_view_url: config.pageViewUrl ?? null,
      shop_page_view_url: config.shopPageViewUrl ?? null,
      external_hosts: config.externalHosts,
      is_maintenance: config.maintenance,
      // Those whose OAuth keys are set (config-social.ts); the login modal shows their buttons.
      social_providers: configuredProviders(config.social),
      dev_pages: config.devPages,
      flows: config.flows,
      vitals_sample_rate: config.observability.vitalsSampleRate,
      // SPEC §8/§9: the built-in collector's DSN unless SENTRY_DSN names another service.
      error_reporting: {
        dsn: collectorDsn(config.observability, c.var.origin),
        environment: config.observability.environment,
        traces_sample_rate: 1,
      },
    } satisfies ServiceSettingsAnswer)
  })
  return api
}
