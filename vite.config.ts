import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { buildManifest } from './build-manifest.ts'
import { precompress } from './precompress.ts'
import { VitePWA } from 'vite-plugin-pwa'
import { ICONS, pwaIcons, tokenColours } from './pwa-icons.ts'

const tokensPath = fileURLToPath(new URL('./src/views/tokens.css', import.meta.url))
const colours = tokenColours(fs.readFileSync(tokensPath, 'utf8'))
const distIndex = fileURLToPath(new URL('./dist/index.html', import.meta.url))

/**
 * The installable app (issue #41): the web app manifest, and the service worker of src/sw/sw.ts
 * with its precache list. Precached: the offline page and its files, the icons, and what the
 * start page loads (the files dist/index.html names) — not every lazy chunk, which a phone would
 * download at install for pages it may never open. The worker registers from the app once the
 * page has settled (src/effects/service-worker.ts), not from an injected script.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      name: 'Kirari — ライブ配信',
      short_name: 'Kirari',
      description: 'Kirari — ライブ配信プラットフォーム',
      lang: 'ja',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: colours.accent,
      background_color: colours.background,
      icons: ICONS.filter((i) => i.file !== 'icons/apple-touch-icon.png').map((i) => ({
        src: `/${i.file}`,
        sizes: `${i.size}x${i.size}`,
        type: 'image/png',
        purpose: i.maskable ? 'maskable' : 'any',
      })),
    },
    injectManifest: {
      globPatterns: ['offline.{html,css,js}', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          const index = fs.readFileSync(distIndex, 'utf8')
          return {
            manifest: entries.filter(
              (e) => !e.url.startsWith('assets/') || index.includes(`/${e.url}"`),
            ),
            warnings: [],
          }
        },
      ],
    },
  })
}

/**
 * Whether a module is loaded at start: imported statically, through any chain, by the app's
 * entry. Such modules are bundled into one chunk; left alone, the bundler makes a small shared
 * chunk of every route file (the route and its lazy page both import it), and the first page
 * waited for some 40 requests before anything ran.
 */
function startupChunks() {
  const initial = new Map<string, boolean>()
  const isInitial = (
    id: string,
    info: (id: string) => { importers: string[] } | null,
    seen: Set<string>,
  ): boolean => {
    const known = initial.get(id)
    if (known !== undefined) return known
    if (/\/src\/main\.tsx$/.test(id)) return true
    if (seen.has(id)) return false
    seen.add(id)
    const result = (info(id)?.importers ?? []).some((i) => isInitial(i, info, seen))
    // Only a found chain is certain: "no" may come from a cycle cut short by `seen`.
    if (result) initial.set(id, true)
    return result
  }
  return {
    groups: [
      // hls.js in a chunk of its own, named so the server and the benches find it (page-assets.ts):
      // the room's boot script imports it, the player loads it on demand.
      { name: 'hls', test: /[\\/]node_modules[\\/]hls\.js[\\/]/, priority: 2 },
      {
        priority: 1,
        name: (
          id: string,
          ctx: { getModuleInfo: (id: string) => { importers: string[] } | null },
        ) => (isInitial(id, (m) => ctx.getModuleInfo(m), new Set()) ? 'app' : null),
      },
    ],
  }
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`

// The SPA. In development (`npm run dev`) Vite serves it with hot reload and forwards every
// server path to the Kirari server; in production the server serves `dist/` itself.
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    buildManifest(),
    pwaIcons(tokensPath),
    installableApp(),
    precompress(),
  ],
  resolve: {
    // @xstate/react and TanStack's store import the shim for React before 18; React 19 has
    // useSyncExternalStore itself, and the package's non-shim selector uses it.
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/sync-external-store.ts', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORT ?? 5173),
    // Whole path segments only (a key starting with ^ is a pattern): a bare '/sr' prefix would
    // also take Vite's own '/src/…' modules to the server.
    // /user/medal is the app's own page (server/app.ts APP_PAGES_UNDER_SERVER_PREFIXES).
    proxy: Object.fromEntries(
      ['/api', '/sr', '/user(?!/medal/?$)', '/social', '/img', '/hls', '/dev/api'].map((p) => [
        `^${p}(/|$)`,
        { target: apiTarget, ws: true },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    // Every browser the es2022 target reaches preloads modules itself (Safari since 17).
    modulePreload: { polyfill: false },
    sourcemap: true,
    // bench/bundle-size.ts reads which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      // The app (index.html) and a live room page's boot script, which starts its video before
      // the app (src/boot/room-video.ts; server/room-page.ts adds it to the page).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/boot/room-video.ts', import.meta.url)),
      },
      output: {
        codeSplitting: startupChunks(),
        // Hash-only names: the start-up chunk lists every lazy chunk's file (its imports and
        // their preloads), so a route's name there is bytes every first visit pays for.
        // The manifest and the source maps still say which module is which.
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
  },
})
