import path from 'node:path'
import ts from 'typescript'
import {
  BaseType,
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  SchemaGenerator,
  type Config,
  type Definition,
  type SubNodeParser,
  type SubTypeFormatter,
} from 'ts-json-schema-generator'
import type { GenericSchema } from 'valibot'
import type { Contract } from './input-docs.ts'
import { inputSchema, outputSchema, type Schema } from './inputs.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Where answer types are looked up by name: the contract, and the error body every call may give. */
const SOURCES = '{src/contract/*.ts,server/errors.ts}'

/** A name OpenAPI accepts for a component (`Record<string,never>` is not one). */
const componentName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+$/, '')

export interface AnswerSchemas {
  /** Every named type the answers use, for `components/schemas`. */
  components: Record<string, Schema>
  /** The schema (a `$ref`) of each type asked for. */
  refOf(name: string): Schema
}

/**
 * The answers' TypeScript types as JSON Schema, by ts-json-schema-generator: each exported
 * type they use is a component of its own; an object has exactly the fields its type names
 * (`additionalProperties: false`), so an answer with a field the contract does not have fails
 * the server tests that check answers against the document.
 */
export function answerSchemas(contract: Contract, names: Iterable<string>): AnswerSchemas {
  const generator = answerGenerator(contract)
  const definitions: Record<string, Schema> = {}
  for (const name of [...new Set(names)].sort()) {
    const schema = generator.createSchema(name)
    Object.assign(definitions, schema.definitions)
    if (!(name in definitions)) throw new Error(`answer type ${name} was not found in ${SOURCES}`)
  }
  const components: Record<string, Schema> = {}
  for (const [name, schema] of Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b))) {
    const safe = componentName(name)
    if (safe in components) throw new Error(`two answer types are both called ${safe}`)
    components[safe] = retarget(schema) as Schema
  }
  return {
    components,
    refOf(name) {
      if (!(componentName(name) in components)) throw new Error(`no answer type ${name}`)
      return { $ref: `#/components/schemas/${componentName(name)}` }
    },
  }
}

const CONFIG = {
  ...DEFAULT_CONFIG,
  path: path.join(ROOT, SOURCES),
  tsconfig: path.join(ROOT, 'tsconfig.json'),
  skipTypeCheck: true,
  expose: 'export',
  topRef: true,
  jsDoc: 'extended',
  additionalProperties: false,
  sortProps: false,
  functions: 'hide',
} satisfies Config

/** The contract's modules: their TypeScript program, and their values (the valibot schemas). */
export async function loadContract(): Promise<Contract> {
  const program = createProgram(CONFIG)
  const modules = new Map<string, Record<string, unknown>>()
  for (const file of program.getRootFileNames()) {
    modules.set(path.resolve(file), (await import(path.resolve(file))) as Record<string, unknown>)
  }
  return { program, modules }
}

/** The generator, taught the contract's types that are valibot schemas' (`v.InferOutput<typeof X>`). */
function answerGenerator({ program, modules }: Contract): SchemaGenerator {
  const parser = createParser(program, CONFIG, (chain) =>
    chain.addNodeParser(new ValibotTypeParser(modules)),
  )
  const formatter = createFormatter(CONFIG, (chain) =>
    chain.addTypeFormatter(new ValibotTypeFormatter()),
  )
  return new SchemaGenerator(program, parser, formatter, CONFIG)
}

/** A type inferred from a valibot schema, described by @valibot/to-json-schema from the schema. */
class ValibotType extends BaseType {
  constructor(
    private readonly id: string,
    readonly schema: Schema,
  ) {
    super()
  }
  getId(): string {
    return this.id
  }
}

/** `v.InferOutput<typeof X>` (or InferInput): the reference and X's name. */
function schemaQuery(node: ts.Node) {
  if (
    !ts.isTypeReferenceNode(node) ||
    !/(^|\.)Infer(Input|Output)$/.test(node.typeName.getText())
  ) {
    return undefined
  }
  const [argument, ...more] = node.typeArguments ?? []
  if (!argument || more.length > 0 || !ts.isTypeQueryNode(argument)) return undefined
  return { reference: node, name: argument.exprName.getText() }
}

class ValibotTypeParser implements SubNodeParser {
  constructor(private readonly modules: Map<string, Record<string, unknown>>) {}

  supportsNode(node: ts.Node): boolean {
    return schemaQuery(node) !== undefined
  }

  createType(node: ts.Node): BaseType {
    const query = schemaQuery(node)
    if (!query) throw new Error('not a valibot type')
    const { reference, name } = query
    const file = path.resolve(node.getSourceFile().fileName)
    const schema = this.modules.get(file)?.[name] as GenericSchema | undefined
    if (!schema) throw new Error(`${name} is not an exported valibot schema of ${file}`)
    const input = reference.typeName.getText().endsWith('InferInput')
    return new ValibotType(
      `valibot-${file}-${name}-${input}`,
      input ? inputSchema(schema) : outputSchema(schema),
    )
  }
}

class ValibotTypeFormatter implements SubTypeFormatter {
  supportsType(type: BaseType): boolean {
    return type instanceof ValibotType
  }
  getDefinition(type: BaseType): Definition {
    if (!(type instanceof ValibotType)) throw new Error('not a valibot type')
    return type.schema
  }
  getChildren(): BaseType[] {
    return []
  }
}

/** `#/definitions/X` (URI-encoded) becomes `#/components/schemas/X` with X made safe. */
function retarget(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(retarget)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string'
        ? `#/components/schemas/${componentName(decodeURIComponent(inner.replace('#/definitions/', '')))}`
        : retarget(inner)
  }
  return out
}

/**
 * One object with the fields of several (an answer typed `Ok & WelcomeAnswer`): JSON Schema's
 * `allOf` would let neither part's `additionalProperties: false` pass the other's fields.
 */
export function mergedObject(parts: readonly Schema[], components: Record<string, Schema>): Schema {
  const resolved = parts.map((part) => {
    const ref = typeof part.$ref === 'string' ? part.$ref.split('/').pop() : undefined
    const schema = ref ? components[ref] : part
    if (schema?.type !== 'object') throw new Error(`${ref ?? 'a part'} is not an object type`)
    return schema
  })
  return {
    type: 'object',
    properties: Object.assign({}, ...resolved.map((s) => s.properties)) as Schema,
    required: [...new Set(resolved.flatMap((s) => (s.required ?? []) as string[]))],
    additionalProperties: false,
    description: resolved
      .map((s) => s.description)
      .filter(Boolean)
      .join(' '),
  }
}
