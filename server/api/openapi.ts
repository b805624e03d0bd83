import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../env.ts'
import { OPENAPI_FILE } from '../openapi/file.ts'
import { accepts } from '../static.ts'

const require = createRequire(import.meta.url)
const REDOC_FILE = require.resolve('redoc/bundles/redoc.standalone.js')
const REDOC_VERSION = (require('redoc/package.json') as { version: string }).version
/** Versioned, so a browser may keep it for good. */
const REDOC_PATH = `/docs/redoc-${REDOC_VERSION}.js`

/** How long a browser or a proxy may keep the document: it changes with a release. */
const DOCUMENT_MAX_AGE_S = 300

// The page holds no inline script (the CSP allows scripts from this origin only): Redoc, then
// the few lines that point it at the document.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kirari API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  </head>
  <body>
    <div id="redoc"></div>
    <script src="/api${REDOC_PATH}"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`

const INIT = `Redoc.init('/api/openapi.json', {
  expandResponses: '200',
  jsonSampleExpandLevel: 2,
  hideDownloadButton: false,
  sortTagsAlphabetically: false,
}, document.getElementById('redoc'))
`

interface Asset {
  body: Buffer
  gzip: Buffer
  etag: string
}

const asset = (body: Buffer): Asset => ({
  body,
  gzip: gzipSync(body, { level: 9 }),
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
})

/** Read and compressed once, on first use: nothing of this is on the server's start path. */
function lazy(load: () => Promise<Buffer>): () => Promise<Asset> {
  let loaded: Promise<Asset> | undefined
  return () => {
    loaded ??= load().then(asset)
    loaded.catch(() => (loaded = undefined))
    return loaded
  }
}

function send(c: Context<AppEnv>, file: Asset, type: string, cacheControl: string) {
  c.header('Content-Type', type)
  c.header('Cache-Control', cacheControl)
  c.header('ETag', file.etag)
  c.header('Vary', 'Accept-Encoding')
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304)
  if (accepts(c.req.header('accept-encoding'), 'gzip')) {
    c.header('Content-Encoding', 'gzip')
    return c.body(new Uint8Array(file.gzip))
  }
  return c.body(new Uint8Array(file.body))
}

/**
 * The API reference (issue #39): `/api/openapi.json`, the OpenAPI 3.1 document made from the
 * contract (`npm run openapi`), open to any origin; `/api/docs`, a page that renders it with
 * Redoc, served from node_modules by this origin (no CDN, and nothing added to the app's build).
 */
export function openApiRoutes() {
  const api = new Hono<AppEnv>()
  const document = lazy(() => fs.readFile(OPENAPI_FILE))
  const redoc = lazy(() => fs.readFile(REDOC_FILE))
  const page = asset(Buffer.from(PAGE))
  const init = asset(Buffer.from(INIT))

  api.get('/openapi.json', async (c) => {
    c.header('Access-Control-Allow-Origin', '*')
    const cache = `public, max-age=${DOCUMENT_MAX_AGE_S}`
    return send(c, await document(), 'application/json; charset=utf-8', cache)
  })
  api.get('/docs', (c) => send(c, page, 'text/html; charset=utf-8', 'no-cache'))
  api.get('/docs/init.js', (c) => send(c, init, 'text/javascript; charset=utf-8', 'no-cache'))
  api.get(REDOC_PATH, async (c) =>
    send(c, await redoc(), 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'),
  )
  return api
}
