import fs from 'node:fs/promises'
import { openApiDocument } from '../openapi/document.ts'
import { OPENAPI_FILE } from '../openapi/file.ts'

// `npm run openapi`: writes the API reference's OpenAPI document from src/contract (issue #39).
const started = performance.now()
const document = await openApiDocument()
// Generated, so not formatted by Prettier (.prettierignore): JSON.stringify's layout is the format.
await fs.writeFile(OPENAPI_FILE, JSON.stringify(document, null, 2) + '\n')
const operations = Object.values(document.paths).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
)
const ms = Math.round(performance.now() - started)
console.log(
  `${OPENAPI_FILE}: ${operations} operations, ${Object.keys(document.components.schemas).length} schemas (${ms} ms)`,
)
