import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../precompress.ts'
import { accepts, serveFile } from '../../server/static.ts'

let dir: string
const script = `export const greeting = ${JSON.stringify('こんにちは、'.repeat(400))}\n`

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kirari-static-'))
  await fs.mkdir(path.join(dir, 'assets'))
  await fs.writeFile(path.join(dir, 'assets/app-1a2b.js'), script)
  await fs.writeFile(path.join(dir, 'assets/tiny-3c4d.js'), 'export {}\n')
  await fs.writeFile(path.join(dir, 'assets/app-1a2b.js.map'), JSON.stringify({ big: script }))
  await fs.writeFile(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7))
  // The build step, as `vite build` runs it after writing the bundle.
  const plugin = precompress()
  plugin.configResolved({ root: dir, build: { outDir: '.' } })
  await plugin.closeBundle()
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

const app = new Hono()
app.get('*', async (c) => (await serveFile(c, [dir], c.req.path)) ?? c.notFound())
const get = (urlPath: string, acceptEncoding?: string) =>
  app.request(urlPath, acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {})

describe('compressed assets', () => {
  it('leaves a Brotli and a gzip copy beside each text file worth compressing, and only those', async () => {
    const names = (await fs.readdir(path.join(dir, 'assets'))).sort()
    expect(names).toEqual([
      'app-1a2b.js',
      'app-1a2b.js.br',
      'app-1a2b.js.gz',
      'app-1a2b.js.map',
      'tiny-3c4d.js',
    ])
    const gz = await fs.readFile(path.join(dir, 'assets/app-1a2b.js.gz'))
    const br = await fs.readFile(path.join(dir, 'assets/app-1a2b.js.br'))
    expect(zlib.gunzipSync(gz).toString()).toBe(script)
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script)
    expect(gz.length).toBeLessThan(Buffer.byteLength(script) / 4)
  })

  it('sends Brotli to a browser that takes it, else gzip, else the file itself', async () => {
    const br = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script)

    const gz = await get('/assets/app-1a2b.js', 'gzip, br;q=0')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)

    const plain = await get('/assets/app-1a2b.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(script)
  })

  it('sends files without compressed copies as they are, and nothing for an unknown path', async () => {
    const tiny = await get('/assets/tiny-3c4d.js', 'br, gzip')
    expect(tiny.headers.get('content-encoding')).toBeNull()
    expect(tiny.headers.get('vary')).toBeNull()
    expect(await tiny.text()).toBe('export {}\n')
    expect((await get('/logo.png', 'br')).headers.get('content-encoding')).toBeNull()
    expect((await get('/assets/none.js', 'br')).status).toBe(404)
  })

  it('reads Accept-Encoding with its quality values', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true)
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false)
    expect(accepts('*', 'gzip')).toBe(true)
    expect(accepts('gzip;q=0, *', 'gzip')).toBe(false)
    expect(accepts('gzip;q=0, *', 'br')).toBe(true)
    expect(accepts('identity', 'gzip')).toBe(false)
    expect(accepts(undefined, 'gzip')).toBe(false)
  })
})
