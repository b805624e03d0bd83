import { OPERATIONS, TAGS, type Operation } from '../../src/contract/operations/index.ts'
import { answerSchemas, loadContract, mergedObject, type AnswerSchemas } from './answers.ts'
import { inputDocs, type InputDoc } from './input-docs.ts'
import { bodySchema, parameters, type Parameter, type Schema } from './inputs.ts'

const INFO = {
  title: 'Kirari API',
  version: '1.0',
  description: [
    "Kirari's HTTP API, in the shapes of SHOWROOM's public API (SPEC.md §7), so its clients work",
    'against Kirari. Made by `npm run openapi` from the contract (`src/contract/`): inputs from its',
    'valibot schemas, answers from its TypeScript types; the server tests check real answers',
    'against it.',
    '',
    'A session is the `sr_id` cookie (`GET /api/csrf_token` starts one). Every call that changes',
    'something sends the session’s CSRF token, as the `X-CSRF-Token` header or the `csrf_token`',
    'field. Bodies are forms or JSON alike. An error is `{ errors: [{ error_user_msg, … }] }`',
    '(SPEC.md §8).',
    '',
    'A call under `/api` that changes something may carry an `Idempotency-Key` header (the IETF',
    'draft; 1–255 visible ASCII characters, quoted or bare), one per user action: the same key from',
    'the same caller within 24 h gets the first answer again (`Idempotent-Replayed: true`) and',
    'changes nothing more. The key with another request is a 422 `IDEMPOTENCY_KEY_REUSED`; a copy',
    'sent while the first still runs, a 409 `IDEMPOTENCY_KEY_RUNNING` with `Retry-After`; one whose',
    'first copy did its work on a process that died before answering, a 409',
    '`IDEMPOTENCY_KEY_EFFECTED` (nothing runs twice).',
  ].join('\n'),
}

const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'sr_id', description: 'The session cookie.' },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: "The session's token from `GET /api/csrf_token` (or the `csrf_token` field).",
  },
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
})

const RESPONSES = {
  BadRequest: errorResponse('A parameter is missing or wrong (SPEC.md §8).'),
  LoginRequired: errorResponse('Not logged in.'),
  Forbidden: errorResponse('No valid CSRF token, or not allowed.'),
  Error: errorResponse('An error answer (SPEC.md §8).'),
}

const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` })

/** `GET /api/gachas/{id}` → `getApiGachasId`. */
const operationId = (op: Operation) =>
  op.method +
  op.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')

/** What the document is made from besides the table. */
interface Sources {
  answers: AnswerSchemas
  /** The contract's TSDoc of each input schema. */
  docs: Map<unknown, InputDoc>
  /** How many operations use each input schema: a shared one's comment is not one call's. */
  uses: Map<unknown, number>
}

function pathParameters(op: Operation, { docs }: Sources): Parameter[] {
  const declared = op.params ? parameters(op.params, 'path', docs.get(op.params)) : []
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => name)
  return names.map(
    (name) =>
      declared.find((p) => p.name === name) ?? {
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  )
}

function answerSchema(op: Operation, answers: AnswerSchemas): Schema {
  if (typeof op.answer === 'string') return answers.refOf(op.answer)
  return mergedObject(
    op.answer.map((name) => answers.refOf(name)),
    answers.components,
  )
}

/** The comment of the call's own body or query schema (not of one other calls share). */
function descriptionOf(op: Operation, { docs, uses }: Sources): string | undefined {
  const own = [op.body, op.query].filter((schema) => schema && uses.get(schema) === 1)
  return own.map((schema) => docs.get(schema)?.description).find(Boolean)
}

function operationObject(op: Operation, sources: Sources) {
  const { docs } = sources
  const query = op.query ? parameters(op.query, 'query', docs.get(op.query)) : []
  const params = [...pathParameters(op, sources), ...query]
  const writes = op.method !== 'get'
  const security = [...(op.login ? ['session'] : []), ...(writes ? ['csrf'] : [])]
  const answer = answerSchema(op, sources.answers)
  const description = descriptionOf(op, sources)
  const body = op.body && bodySchema(op.body, docs.get(op.body))
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(description && { description }),
    operationId: operationId(op),
    ...(params.length > 0 && { parameters: params }),
    ...(body && {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: body },
          'application/x-www-form-urlencoded': { schema: body },
        },
      },
    }),
    responses: {
      '200': { description: 'OK', content: { 'application/json': { schema: answer } } },
      ...((params.length > 0 || op.body) && { '400': ref('BadRequest') }),
      ...(op.login && { '401': ref('LoginRequired') }),
      ...(writes && { '403': ref('Forbidden') }),
      default: ref('Error'),
    },
    ...(security.length > 0 && {
      security: [Object.fromEntries(security.map((scheme) => [scheme, []]))],
    }),
  }
}

/** The OpenAPI 3.1 document of the API, from src/contract/operations (`npm run openapi`). */
export async function openApiDocument(operations: readonly Operation[] = OPERATIONS) {
  const names = operations.flatMap((op) =>
    typeof op.answer === 'string' ? [op.answer] : op.answer,
  )
  const contract = await loadContract()
  const uses = new Map<unknown, number>()
  for (const schema of operations.flatMap((op) => [op.body, op.query, op.params])) {
    if (schema) uses.set(schema, (uses.get(schema) ?? 0) + 1)
  }
  const sources: Sources = {
    answers: answerSchemas(contract, [...names, 'ErrorBody']),
    docs: inputDocs(contract),
    uses,
  }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const item = (paths[op.path] ??= {})
    if (op.method in item) throw new Error(`${op.method} ${op.path} is in the table twice`)
    item[op.method] = operationObject(op, sources)
  }
  const sortedPaths = Object.fromEntries(
    Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)),
  )
  return {
    openapi: '3.1.0',
    info: INFO,
    servers: [{ url: '/' }],
    tags: TAGS,
    paths: sortedPaths,
    components: {
      schemas: sources.answers.components,
      responses: RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}

export type OpenApiDocument = Awaited<ReturnType<typeof openApiDocument>>
