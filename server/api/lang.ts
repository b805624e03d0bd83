import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { LangFile } from '../../src/contract/settings.ts'
import { LOCALES, type Locale } from '../../src/domain/locale.ts'
import { pathOr404 } from '../validate.ts'

/** `/sr/lang/{locale}.json`: the message files of `i18n/`, read once, served with an ETag. */
export function langRoutes(i18nDir: string) {
  const files = new Map<Locale, { body: string; etag: string }>()
  for (const locale of LOCALES) {
    const body = fs.readFileSync(path.join(i18nDir, `${locale}.json`), 'utf8')
    JSON.parse(body) // a broken message file stops the server at start, not a visitor later
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
    files.set(locale, { body, etag })
  }

  const api = new Hono<AppEnv>()
  api.get('/:file', (c) => {
    const file = files.get(pathOr404(LangFile, c.req.param('file')))
    if (!file) throw new ApiError(404, messages.notFound)
    c.header('ETag', file.etag)
    c.header('Cache-Control', 'no-cache')
    if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304)
    c.header('Content-Type', 'application/json; charset=utf-8')
    return c.body(file.body)
  })
  return api
}
