import fs from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'
import { PLAYLIST_CONTENT_TYPE } from '../src/contract/media.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.m3u8': PLAYLIST_CONTENT_TYPE,
  '.ts': 'video/mp2t',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

/** Resolves `urlPath` inside `root`, refusing anything that escapes it. */
function inside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded))
  return file.startsWith(root + path.sep) ? file : null
}

/** The build's compressed copies (precompress.ts), best first, by their `Content-Encoding`. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

/**
 * Whether an `Accept-Encoding` header takes `name`: by its own entry where it has one (`q=0`
 * refuses it), else by a `*` entry.
 */
export function accepts(header: string | undefined, name: string): boolean {
  const weights = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    weights.set(coding.trim(), q === undefined ? 1 : Number(q.slice(2)))
  }
  const weight = weights.get(name) ?? weights.get('*') ?? 0
  return weight > 0
}

const isFile = async (file: string) => (await fs.stat(file).catch(() => null))?.isFile() === true

/**
 * A file from one of `roots` (first match wins). Vite's hashed `/assets/*` are cached for a
 * year; everything else is revalidated. Where the build left a Brotli or gzip copy and the
 * browser takes it, that copy is sent.
 */
export async function serveFile(c: Context, roots: readonly string[], urlPath: string) {
  for (const root of roots) {
    const file = inside(root, urlPath)
    if (!file) return null
    if (!(await isFile(file))) continue
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
    c.header('Content-Type', type)
    c.header(
      'Cache-Control',
      urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
    let body = file
    const acceptEncoding = c.req.header('Accept-Encoding')
    for (const encoding of ENCODINGS) {
      if (!(await isFile(file + encoding.suffix))) continue
      c.header('Vary', 'Accept-Encoding')
      if (body === file && accepts(acceptEncoding, encoding.name)) {
        body = file + encoding.suffix
        c.header('Content-Encoding', encoding.name)
      }
    }
    if (c.req.method === 'HEAD') return c.body(null)
    return c.body(await fs.readFile(body))
  }
  return null
}

/** The SPA's index.html, read once per process (it changes only with a new build). */
export function spaIndex(distDir: string) {
  let cached: Promise<string | null> | undefined
  return () => {
    cached ??= fs.readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => null)
    return cached
  }
}
