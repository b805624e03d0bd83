import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'

/** What a browser fetches as text; maps are for developer tools and are left as they are. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/
/** Below this a compressed copy saves less than its own header costs. */
const MIN_BYTES = 256

const brotli = promisify(zlib.brotliCompress)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** Zopfli's passes: 15 find some 0.1 % more than 1, for a few seconds of build on 2 cores. */
const ZOPFLI_ITERATIONS = 15

/**
 * Writes `<file>.gz` (Zopfli: gzip any browser reads, some 3–4 % smaller than zlib's best) and
 * `<file>.br` (Brotli at its best quality) beside every text file of the build, once, so the server
 * sends them as they are (server/static.ts) instead of compressing on every request.
 */
export function precompress() {
  let outDir = 'dist'
  return {
    name: 'kirari:precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f))
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file)
          if (data.length < MIN_BYTES) return
          const [gz, br] = await Promise.all([
            gzipAsync(data, { numiterations: ZOPFLI_ITERATIONS }),
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          ])
          await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)])
        }),
      )
    },
  }
}
