import fs from 'node:fs/promises'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS } from '../../src/contract/operations/index.ts'
import { openApiRoutes } from '../../server/api/openapi.ts'
import { openApiDocument } from '../../server/openapi/document.ts'
import { AnswerChecker, loadOpenApi } from './openapi-answers.ts'

type Json = Record<string, unknown>

/**
 * Contract answers of calls that are not the public API: the development pages' (`/dev/api`,
 * demo only) and nginx-rtmp's callback (`/media/rtmp`, from the media host only).
 */
const NOT_IN_THE_REFERENCE = new Set([
  'OutboxAnswer',
  'ErrorGroupsAnswer',
  'VitalsAnswer',
  'RtmpPublishAnswer',
])

/** The `…Answer` types each server/api module imports from the contract. */
async function answersUsedByRoutes(): Promise<Map<string, string>> {
  const dir = path.resolve(import.meta.dirname, '../../server/api')
  const used = new Map<string, string>()
  for (const file of await fs.readdir(dir)) {
    const source = await fs.readFile(path.join(dir, file), 'utf8')
    for (const [, names = ''] of source.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\.\/\.\.\/src\/contract\/[^']+'/g,
    )) {
      for (const name of names.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())) {
        if (/Answer$/.test(name)) used.set(name, file)
      }
    }
  }
  return used
}

/** The keys under which two documents differ: `paths./api/…`, `components.schemas.X`, … */
function differences(made: Json, committed: Json, at = ''): string[] {
  const keys = new Set([...Object.keys(made), ...Object.keys(committed)])
  return [...keys].flatMap((key) => {
    const [a, b] = [made[key], committed[key]]
    if (JSON.stringify(a) === JSON.stringify(b)) return []
    const here = at ? `${at}.${key}` : key
    const deeper = here.split('.').length < 3 && isObject(a) && isObject(b)
    return deeper ? differences(a, b, here) : [here]
  })
}
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

describe('the OpenAPI document of the API (issue #39)', () => {
  let committed: Json

  beforeAll(async () => {
    committed = await loadOpenApi()
  })

  it('is what the contract makes now (else: npm run openapi)', { timeout: 120_000 }, async () => {
    const made = JSON.parse(JSON.stringify(await openApiDocument())) as Json
    expect(
      differences(made, committed),
      'src/contract/openapi.json is stale: run `npm run openapi`',
    ).toEqual([])
    // A stale one is told apart, down to the schema or the call.
    const schemas = (committed.components as { schemas: Json }).schemas
    const stale = { ...committed, components: { schemas: { ...schemas, LiveInfoAnswer: {} } } }
    expect(differences(stale, committed)).toContain('components.schemas.LiveInfoAnswer')
  })

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(committed)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(committed.openapi).toBe('3.1.0')
  })

  it("has every answer schema compile under Ajv's strict JSON Schema 2020-12", () => {
    const checker = new AnswerChecker(committed)
    for (const operation of checker.operations()) {
      const [method = '', template = ''] = operation.split(' ')
      // Compiling is what is tested; what an empty body lacks does not matter here.
      expect(() => checker.problems(method, template, {})).not.toThrow()
    }
  })

  it('holds every contract answer a route gives', async () => {
    const inTable = new Set(OPERATIONS.flatMap((op) => op.answer))
    const missing = [...(await answersUsedByRoutes())]
      .filter(([name]) => !inTable.has(name) && !NOT_IN_THE_REFERENCE.has(name))
      .map(([name, file]) => `${name} (server/api/${file})`)
    expect(missing, 'add these calls to src/contract/operations/').toEqual([])
  })

  it('is served to any origin, with the page that renders it', async () => {
    const api = openApiRoutes()
    const document = await api.request('/openapi.json', {
      headers: { origin: 'https://x.test' },
    })
    expect(document.status).toBe(200)
    expect(document.headers.get('access-control-allow-origin')).toBe('*')
    expect(document.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0')
    const etag = document.headers.get('etag') ?? ''
    expect(
      (await api.request('/openapi.json', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304)
    const page = await api.request('/docs')
    const html = await page.text()
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    // Scripts from this origin only, none inline (the CSP allows no other).
    const sources = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)]
    expect(sources.length).toBe(2)
    for (const [, attributes = '', body] of sources) {
      expect(body).toBe('')
      const src = /src="([^"]+)"/.exec(attributes)?.[1] ?? ''
      expect(src).toMatch(/^\/api\/docs\//)
      const script = await api.request(src.replace(/^\/api/, ''), {
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(script.status).toBe(200)
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect((await script.text()).length).toBeGreaterThan(100)
    }
  })

  it('names each call once, with a summary', () => {
    const keys = OPERATIONS.map((op) => `${op.method} ${op.path}`)
    expect(keys.length).toBe(new Set(keys).size)
    expect(OPERATIONS.filter((op) => op.summary.trim() === '')).toEqual([])
    expect(keys.length).toBeGreaterThan(150)
  })
})
