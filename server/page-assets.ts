import fs from 'node:fs/promises'
import path from 'node:path'

/** A chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as preloading goes. */
export interface ManifestChunk {
  file: string
  name?: string
  imports?: string[]
  css?: string[]
}

/** What a room page preloads, as absolute paths: its scripts and styles, and the player's. */
export interface PageAssets {
  scripts: string[]
  styles: string[]
  /** hls.js: only worth it when the room is on air. */
  player: string[]
  /**
   * The boot script that starts a live room's video before the app (src/boot/room-video.ts),
   * and what it imports; null in a build without it.
   */
  boot: { script: string; imports: string[] } | null
}

/**
 * The modules a room page runs before its first frame, beyond the app's start-up chunk: the
 * same ones src/main.tsx starts importing on a room's address, and the route's own chunk.
 */
const ROOM_MODULES = [
  'src/routes/r/$roomUrlKey.tsx?tsr-split=component',
  'src/compose/room.ts',
  'src/views/room/RoomPage.tsx',
  'src/effects/room-device.ts',
]
/** The build's chunk of hls.js: its own (vite.config.ts names it), or its module's. */
export function hlsChunkKey(manifest: Record<string, ManifestChunk>): string | undefined {
  return Object.entries(manifest).find(
    ([key, chunk]) => chunk.name === 'hls' || key.startsWith('node_modules/hls.js/'),
  )?.[0]
}
const BOOT_ENTRY = 'src/boot/room-video.ts'

const NONE: PageAssets = { scripts: [], styles: [], player: [], boot: null }

/** The room page's assets of a build: what the named modules need that index.html does not load. */
export function assetsOf(manifest: Record<string, ManifestChunk>, indexHtml: string): PageAssets {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]))
  // Chunks the shell already loads, with everything they import.
  const loaded = new Set<string>()
  const visit = (chunk: ManifestChunk | undefined, into: Set<ManifestChunk>) => {
    if (!chunk || into.has(chunk)) return
    into.add(chunk)
    for (const key of chunk.imports ?? []) visit(manifest[key], into)
  }
  const shell = new Set<ManifestChunk>()
  for (const match of indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    loaded.add(match[1] ?? '')
    visit(byFile.get(match[1] ?? ''), shell)
  }
  for (const chunk of shell) {
    loaded.add(chunk.file)
    for (const css of chunk.css ?? []) loaded.add(css)
  }
  /** The chunks the named modules need; with `all`, the shell's too. */
  const closure = (keys: readonly string[], all = false) => {
    const chunks = new Set<ManifestChunk>()
    for (const key of keys) visit(manifest[key], chunks)
    const files = [...chunks].filter((c) => all || !loaded.has(c.file))
    return {
      scripts: files.map((c) => `/${c.file}`),
      styles: [...new Set(files.flatMap((c) => c.css ?? []))]
        .filter((css) => !loaded.has(css))
        .map((css) => `/${css}`),
    }
  }
  const room = closure(ROOM_MODULES)
  const hls = hlsChunkKey(manifest)
  const player = hls ? closure([hls]).scripts : []
  const entry = manifest[BOOT_ENTRY]
  const boot = entry
    ? {
        script: `/${entry.file}`,
        // All of them: it runs before the shell's scripts, which wait for it (room-page.ts).
        imports: closure([BOOT_ENTRY], true).scripts.filter(
          (href) => href !== `/${entry.file}` && !player.includes(href),
        ),
      }
    : null
  return { ...room, player, boot }
}

const builds = new Map<string, Promise<PageAssets>>()

/**
 * A room page's preloads from the build in `distDir` (read once per process, as index.html is);
 * none where the build has no manifest.
 */
export function roomPageAssets(distDir: string): Promise<PageAssets> {
  let assets = builds.get(distDir)
  if (!assets) {
    assets = Promise.all([
      fs.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
      fs.readFile(path.join(distDir, 'index.html'), 'utf8'),
    ]).then(
      ([manifest, html]) => assetsOf(JSON.parse(manifest) as Record<string, ManifestChunk>, html),
      () => NONE,
    )
    builds.set(distDir, assets)
  }
  return assets
}
