import type { GenericSchema } from 'valibot'

export type Method = 'get' | 'post' | 'put' | 'delete'

/** What the API reference says of one call; `npm run openapi` turns it into OpenAPI. */
export interface OperationSpec {
  /** One line for the reference's menu. */
  summary: string
  /** The query string's fields (an object schema; a union of objects: one of them). */
  query?: GenericSchema
  /** The body's fields: a form or JSON alike (server/request.ts readBody reads either). */
  body?: GenericSchema
  /** The path's `{name}` parameters as one object schema; one it leaves out is a string. */
  params?: GenericSchema
  /**
   * The name of the answer's type, exported from a module of src/contract (checked when the
   * document is made); several names are one object with the fields of all of them (`Ok &
   * WelcomeAnswer`).
   */
  answer: string | readonly string[]
  /** Only for a logged-in caller: without a session the answer is a 401. */
  login?: boolean
}

export interface Operation extends OperationSpec {
  method: Method
  /** The path as OpenAPI writes it (`/api/gachas/{id}`), not as Hono does (`:id{[0-9]+}`). */
  path: string
  /** The reference's section. */
  tag: string
}

type Untagged = Omit<Operation, 'tag'>

export const get = (path: string, spec: OperationSpec): Untagged => ({
  method: 'get',
  path,
  ...spec,
})
export const post = (path: string, spec: OperationSpec): Untagged => ({
  method: 'post',
  path,
  ...spec,
})
export const put = (path: string, spec: OperationSpec): Untagged => ({
  method: 'put',
  path,
  ...spec,
})
export const del = (path: string, spec: OperationSpec): Untagged => ({
  method: 'delete',
  path,
  ...spec,
})

/** The operations of one section of the reference. */
export const tagged = (tag: string, operations: readonly Untagged[]): Operation[] =>
  operations.map((operation) => ({ ...operation, tag }))
