import path from 'node:path'

/**
 * The OpenAPI document as committed (`npm run openapi` writes it; a test fails when it differs
 * from what the contract makes): the server serves this file and never runs the generator.
 */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../../src/contract/openapi.json')
