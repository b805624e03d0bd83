import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema'
import type { GenericSchema } from 'valibot'
import { Id, MAX_ID } from '../../src/contract/common.ts'
import type { InputDoc } from './input-docs.ts'

export type Schema = Record<string, unknown>

export interface Parameter {
  name: string
  in: 'query' | 'path'
  required: boolean
  schema: Schema
  description?: string
}

/**
 * What a caller sends, not what the server makes of it: a pipe is described up to its first
 * transform (`typeMode: 'input'`). Refinements JSON Schema cannot say (`finite`, `check`) are left
 * out; anything else it cannot say fails the generation, so a new kind of rule is seen.
 */
const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'throw',
  ignoreActions: ['finite', 'check'],
  // Found by identity wherever it is used, then written as ID (`withIds`).
  definitions: { Id },
  overrideSchema({ valibotSchema }) {
    // Text(n): a string, or a number JSON sent for one (common.ts).
    if (valibotSchema.type === 'union' && isTextUnion(valibotSchema)) return { type: 'string' }
    return undefined
  },
  overrideAction({ valibotAction, jsonSchema }) {
    // JSON Schema's pattern has no flags: a case-insensitive rule is said in words instead.
    if (valibotAction.type === 'regex' && 'requirement' in valibotAction) {
      const pattern = valibotAction.requirement as RegExp
      if (pattern.flags)
        return { ...jsonSchema, description: `Matches /${pattern.source}/${pattern.flags}.` }
    }
    return undefined
  },
}

/** The one id rule of both programs (common.ts): digits in a query string or a form, a number in JSON. */
const ID = { type: 'integer', minimum: 1, maximum: MAX_ID }

/** `Id`'s references as the id schema itself, and no `$defs` left. */
function withIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withIds)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$defs') continue
    if (key === '$ref' && inner === '#/$defs/Id') Object.assign(out, ID)
    else out[key] = withIds(inner)
  }
  return out
}

function isTextUnion(schema: GenericSchema): boolean {
  const options = (schema as unknown as { options?: GenericSchema[] }).options ?? []
  return (
    options.length === 2 &&
    options[0]?.type === 'string' &&
    options[1]?.type === 'number' &&
    'pipe' in options[1]
  )
}

/** A valibot schema of the contract as JSON Schema 2020-12 (without `$schema`). */
export function inputSchema(schema: GenericSchema): Schema {
  return converted(schema, 'input')
}

function converted(schema: GenericSchema, typeMode: 'input' | 'output'): Schema {
  const { $schema: _, ...json } = toJsonSchema(schema, { ...CONVERSION, typeMode }) as JsonSchema &
    Schema
  return withIds(json) as Schema
}

/** What the server sends as the schema describes it (a contract type that is `v.InferOutput`). */
export function outputSchema(schema: GenericSchema): Schema {
  return converted(schema, 'output')
}

/** The fields of an object schema, or of a union of objects (then each is optional: one of them). */
function fields(json: Schema): {
  properties: Record<string, Schema>
  required: string[]
  oneOf?: string[]
} {
  if (json.type === 'object') {
    return {
      properties: (json.properties ?? {}) as Record<string, Schema>,
      required: (json.required ?? []) as string[],
    }
  }
  const options = (json.anyOf ?? json.oneOf) as Schema[] | undefined
  if (options?.every((option) => option.type === 'object')) {
    const merged = options.map(fields)
    return {
      properties: Object.assign({}, ...merged.map((m) => m.properties)) as Record<string, Schema>,
      required: [],
      oneOf: merged.map((m) => Object.keys(m.properties).join(' and ')),
    }
  }
  throw new Error(`expected an object schema for parameters, got ${JSON.stringify(json)}`)
}

/** Query or path parameters, one per field of the schema, each with its field's TSDoc. */
export function parameters(
  schema: GenericSchema,
  where: 'query' | 'path',
  doc?: InputDoc,
): Parameter[] {
  const { properties, required, oneOf } = fields(inputSchema(schema))
  return Object.entries(properties).map(([name, field]) => {
    const { description, ...rest } = field
    const parameter: Parameter = {
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      schema: rest,
    }
    const said = [
      doc?.fields.get(name) ?? (typeof description === 'string' ? description : ''),
      oneOf ? `One of: ${oneOf.join('; ')}.` : '',
    ]
    const text = said.filter(Boolean).join(' ')
    if (text) parameter.description = text
    return parameter
  })
}

/** A body's schema, each field with its TSDoc. */
export function bodySchema(schema: GenericSchema, doc?: InputDoc): Schema {
  const json = inputSchema(schema)
  const properties = json.properties as Record<string, Schema> | undefined
  if (!properties || !doc) return json
  const described = Object.fromEntries(
    Object.entries(properties).map(([name, field]) => {
      const text = doc.fields.get(name)
      return [name, text ? { ...field, description: text } : field]
    }),
  )
  return { ...json, properties: described }
}
