import type { ServiceSettings } from '../../domain/api-types.ts'
import type { ServiceSettingsAnswer } from '../../contract/settings.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../domain/locale.ts'
import type { ApiClient } from './client.ts'

export const DEFAULT_SETTINGS: ServiceSettings = {
  locales: [...LOCALES],
  default_locale: DEFAULT_LOCALE,
  page_view_url: null,
  shop_page_view_url: null,
  external_hosts: [],
  is_maintenance: false,
  social_providers: [],
  dev_pages: false,
  flows: false,
  error_reporting: null,
  vitals_sample_rate: 0,
}

export const getServiceSettings = (api: ApiClient) =>
  api.get<ServiceSettingsAnswer>('/api/service_settings')
