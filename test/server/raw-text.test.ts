import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../server/errors.ts'
import { logInDemo, startTestServer, type TestServer } from './harness.ts'
import type { TestClient } from './client.ts'

/** The parts of the OpenAPI document (src/contract/openapi.json) this test reads. */
interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  anyOf?: Schema[]
  oneOf?: Schema[]
  $ref?: string
}
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  schema?: Schema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
}

const NUL_TEXT = 'a\u0000b'

/** Whether a schema takes text (a string, or anything). */
function takesText(schema: Schema | undefined): boolean {
  if (!schema) return true
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf ?? []).some(takesText)
  if (schema.type === undefined) return schema.properties === undefined
  return Array.isArray(schema.type) ? schema.type.includes('string') : schema.type === 'string'
}

/** A request to `op` with NUL in every text it takes; null when it takes no text at all. */
function hostile(path: string, method: string, op: Operation) {
  let texts = 0
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name)
    if (!takesText(param?.schema)) return '1'
    texts++
    return encodeURIComponent(NUL_TEXT)
  })
  const query = new URLSearchParams()
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query') continue
    if (takesText(p.schema)) texts++
    query.set(p.name, takesText(p.schema) ? NUL_TEXT : '1')
  }
  const content = op.requestBody?.content ?? {}
  const [type, media] = Object.entries(content)[0] ?? []
  const body: Record<string, string> = {}
  for (const [name, schema] of Object.entries(media?.schema.properties ?? {})) {
    if (takesText(schema)) texts++
    body[name] = takesText(schema) ? NUL_TEXT : '1'
  }
  if (texts === 0) return null
  const search = query.size > 0 ? `?${query.toString()}` : ''
  return { url: url + search, method: method.toUpperCase(), type, body }
}

// Issue #40: NUL reached PostgreSQL raw from some calls (a 500, "invalid byte sequence for
// encoding UTF8: 0x00"). Every call of the OpenAPI document that takes text is sent NUL in all
// of it, by a logged-in viewer with the session's CSRF token: each answers 400 with the message.
describe('no raw text reaches the database', () => {
  let server: TestServer
  let viewer: TestClient
  let organizer: TestClient
  beforeAll(async () => {
    server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = (await logInDemo(server, 'demo_viewer')).client
    organizer = (await logInDemo(server, 'demo_organizer')).client
  })
  afterAll(() => server.close())

  it('refuses NUL in the path, query or body of every call that takes text, with a 400 and its message', async () => {
    const document = JSON.parse(
      await fs.readFile(new URL('../../src/contract/openapi.json', import.meta.url), 'utf8'),
    ) as { paths: Record<string, Record<string, Operation>> }
    const answers: Array<{ call: string; status: number; message: string }> = []
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const request = hostile(path, method, op)
        if (!request) continue
        // An organizer's calls by an organizer, so the role check lets them through.
        const caller = path.startsWith('/api/organizer/') ? organizer : viewer
        const headers: Record<string, string> = { 'x-csrf-token': await caller.csrf() }
        let body: string | FormData | undefined
        if (request.type === 'multipart/form-data') {
          const form = new FormData()
          for (const [k, value] of Object.entries(request.body)) form.set(k, value)
          body = form
        } else if (request.type === 'application/x-www-form-urlencoded') {
          headers['content-type'] = request.type
          body = new URLSearchParams(request.body).toString()
        } else if (request.type) {
          headers['content-type'] = 'application/json'
          body = JSON.stringify(request.body)
        }
        const response = await caller.request(request.url, {
          method: request.method,
          headers,
          ...(body !== undefined && request.method !== 'GET' ? { body } : {}),
        })
        const text = await response.text()
        answers.push({
          call: `${request.method} ${path}`,
          status: response.status,
          message: text.includes(messages.refusedCharacter) ? 'refused' : text.slice(0, 120),
        })
      }
    }
    // Most of the document's calls take text; every one of them is refused the same way.
    expect(answers.length).toBeGreaterThan(80)
    // Social sign-in with no provider configured (as here) refuses before reading anything.
    const unconfigured = (a: { call: string; message: string }) =>
      a.call.startsWith('POST /social/') && a.message.includes('SOCIAL_NOT_CONFIGURED')
    expect(
      answers.filter((a) => a.status !== 400 || (a.message !== 'refused' && !unconfigured(a))),
    ).toEqual([])
    // Without NUL the same call goes on to its own rules (an account that does not exist).
    const clean = await viewer.postJson('/api/reset_password/start_sms', { account_id: 'ab' })
    expect(clean.status).toBeLessThan(500)
    expect(JSON.stringify(clean.body)).not.toContain(messages.refusedCharacter)
  })
})
