import fs from 'node:fs/promises'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { OPENAPI_FILE } from '../../server/openapi/file.ts'
import type { TestClient } from './client.ts'

type Json = Record<string, unknown>

interface Route {
  method: string
  template: string
  pattern: RegExp
  /** Literal segments win over `{param}` ones (`/api/gachas/user/hist` is not `{id}`). */
  params: number
}

/** The committed OpenAPI document (src/contract/openapi.json), as the server serves it. */
export async function loadOpenApi(): Promise<Json> {
  return JSON.parse(await fs.readFile(OPENAPI_FILE, 'utf8')) as Json
}

/** `:id{[0-9]+}` → `{id}`, as the document writes a Hono path; no trailing slash. */
export const openApiPath = (honoPath: string) =>
  honoPath.replace(/:(\w+)(\{(?:[^{}]|\{[^}]*\})*\})?/g, '{$1}').replace(/(.)\/$/, '$1')

/** `~` and `/` escaped for a JSON pointer. */
const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * Checks JSON answers against the document's answer schema for their call (method and path
 * matched to the document's templates), with Ajv's JSON Schema 2020-12 (OpenAPI 3.1's).
 */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true })
  private readonly routes: Route[]
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(document: Json) {
    addFormats(this.ajv)
    // The document is one schema resource: its answers' `#/components/schemas/…` resolve in it.
    this.ajv.addVocabulary(['openapi', 'info', 'servers', 'tags', 'paths', 'components'])
    this.ajv.addSchema({ ...document, $id: 'openapi' })
    const paths = document.paths as Record<string, Record<string, unknown>>
    this.routes = Object.entries(paths)
      .flatMap(([template, item]) =>
        Object.keys(item).map((method) => ({
          method,
          template,
          pattern: new RegExp(
            '^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+') + '$',
          ),
          params: (template.match(/\{/g) ?? []).length,
        })),
      )
      .sort((a, b) => a.params - b.params)
  }

  /** `get /api/gachas/{id}` for `GET /api/gachas/3?x=1`, or undefined when no operation fits. */
  operationOf(method: string, url: string): string | undefined {
    const pathname = new URL(url, 'http://kirari.test').pathname
    const route = this.routes.find(
      (r) => r.method === method.toLowerCase() && r.pattern.test(pathname),
    )
    return route && `${route.method} ${route.template}`
  }

  /** Every operation of the document, as `method template`. */
  operations(): string[] {
    return this.routes.map((r) => `${r.method} ${r.template}`)
  }

  /** What is wrong with `body` as the 200 answer of the call; empty when it fits. */
  problems(method: string, url: string, body: unknown): string[] {
    const operation = this.operationOf(method, url)
    if (!operation) return [`${method.toUpperCase()} ${url} is not in the document`]
    let validate = this.validators.get(operation)
    if (!validate) {
      const [verb = '', template = ''] = operation.split(' ')
      const at = [
        'paths',
        template,
        verb,
        'responses',
        '200',
        'content',
        'application/json',
        'schema',
      ]
      validate = this.ajv.compile({ $ref: `openapi#/${at.map(pointer).join('/')}` })
      this.validators.set(operation, validate)
    }
    if (validate(body)) return []
    return (validate.errors ?? []).map(
      (e) =>
        `${operation}: ${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    )
  }
}

/**
 * A test client whose calls must answer 200 with a body that fits the document; it counts the
 * operations it has checked.
 */
export class CheckedClient {
  constructor(
    private readonly client: TestClient,
    private readonly checker: AnswerChecker,
    readonly checked: Set<string>,
  ) {}

  private expectFits(method: string, url: string, answer: { status: number; body: unknown }) {
    if (answer.status !== 200) {
      throw new Error(
        `${method.toUpperCase()} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`,
      )
    }
    const problems = this.checker.problems(method, url, answer.body)
    if (problems.length > 0) {
      const shown = JSON.stringify(answer.body).slice(0, 600)
      throw new Error(
        `${method.toUpperCase()} ${url} answered outside the document:\n${problems.join('\n')}\n${shown}`,
      )
    }
    this.checked.add(this.checker.operationOf(method, url) ?? url)
    return answer.body as Json
  }

  async get(url: string) {
    return this.expectFits('get', url, await this.client.json(url))
  }

  async post(url: string, body: Json) {
    return this.expectFits('post', url, await this.client.postJson(url, body))
  }

  async postForm(url: string, fields: Record<string, string>) {
    return this.expectFits('post', url, await this.client.postForm(url, fields))
  }

  async put(url: string, body: Json) {
    const headers = { 'content-type': 'application/json', 'x-csrf-token': await this.client.csrf() }
    const init = { method: 'PUT', headers, body: JSON.stringify(body) }
    return this.expectFits('put', url, await this.client.json(url, init))
  }

  async delete(url: string) {
    const init = { method: 'DELETE', headers: { 'x-csrf-token': await this.client.csrf() } }
    return this.expectFits('delete', url, await this.client.json(url, init))
  }
}
