import * as v from 'valibot'
import type { ServiceSettings } from '../domain/api-types.ts'
import { LOCALES } from '../domain/locale.ts'

/** `GET /api/service_settings`: what the app needs to know about this deployment. */
export type ServiceSettingsAnswer = ServiceSettings

/** `/sr/lang/{locale}.json`: a locale's message file (one of LOCALES, or a 404). */
export const LangFile = v.pipe(
  v.string(),
  v.regex(/^[a-z-]+\.json$/),
  v.transform((file) => file.slice(0, -'.json'.length)),
  v.picklist(LOCALES),
)
