import type { ServiceSettings } from '../domain/api-types.ts'

/** `GET /api/service_settings`: what the app needs to know about this deployment. */
export type ServiceSettingsAnswer = ServiceSettings
