import { randomBytes } from 'node:crypto'
import type { Plugin } from 'vite'

/** What `latest.json` says of the build the server now serves (SPEC §4, app-update polling). */
export interface BuildManifest {
  build_id: string
  /** Unix seconds. */
  built_at: number
}

/**
 * Each build gets an id: the app is built with it (`import.meta.env.VITE_BUILD_ID`) and writes it
 * to `latest.json` beside `index.html`, which open tabs poll to learn that a newer build is
 * served. The dev server has no builds: its id is 'dev', and the app does not poll there.
 */
export function buildManifest(): Plugin {
  const manifest: BuildManifest = {
    build_id: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
    built_at: Math.floor(Date.now() / 1000),
  }
  return {
    name: 'kirari-build-manifest',
    config: (_config, { command }) => ({
      define: {
        'import.meta.env.VITE_BUILD_ID': JSON.stringify(
          command === 'build' ? manifest.build_id : 'dev',
        ),
      },
    }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'latest.json',
        source: `${JSON.stringify(manifest)}\n`,
      })
    },
  }
}
