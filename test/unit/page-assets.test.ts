import { describe, expect, it } from 'vitest'
import { assetsOf } from '../../server/page-assets.ts'
import { withBootScript } from '../../server/room-page.ts'

// A build's manifest in the shape Vite writes it: the start-up chunk (named in index.html),
// the room's lazy chunks sharing one with it, and hls.js.
const manifest = {
  _runtime: { file: 'assets/runtime.js' },
  _app: { file: 'assets/app.js', imports: ['_runtime'], css: ['assets/app.css'] },
  _shared: { file: 'assets/shared.js', imports: ['_app'], css: ['assets/shared.css'] },
  'src/routes/r/$roomUrlKey.tsx?tsr-split=component': {
    file: 'assets/route.js',
    imports: ['_app', '_shared'],
  },
  'src/compose/room.ts': {
    file: 'assets/room.js',
    imports: ['_shared', '_engine'],
    css: ['assets/room.css'],
  },
  _engine: { file: 'assets/engine.js' },
  'src/boot/room-video.ts': { file: 'assets/boot.js', imports: ['_engine', '_runtime'] },
  'src/views/room/RoomPage.tsx': { file: 'assets/page.js', imports: ['_app'] },
  'src/effects/room-device.ts': { file: 'assets/device.js' },
  'node_modules/hls.js/dist/hls.light.mjs': { file: 'assets/hls.js' },
  'src/views/shop/ShopPage.tsx': { file: 'assets/shop.js' },
}
const indexHtml =
  '<script type="module" src="/assets/runtime.js"></script><script type="module" src="/assets/app.js"></script><link rel="stylesheet" href="/assets/app.css">'

describe('a room page’s preloads', () => {
  it('names the room’s chunks and styles the shell does not load, and hls.js apart', () => {
    const assets = assetsOf(manifest, indexHtml)
    expect(assets.scripts.sort()).toEqual(
      [
        '/assets/route.js',
        '/assets/shared.js',
        '/assets/room.js',
        '/assets/page.js',
        '/assets/device.js',
        '/assets/engine.js',
      ].sort(),
    )
    expect(assets.styles.sort()).toEqual(['/assets/room.css', '/assets/shared.css'])
    expect(assets.player).toEqual(['/assets/hls.js'])
    // The boot script that starts a live room's video, and every chunk it imports: it runs
    // before the shell's scripts, so those it shares with them too.
    expect(assets.boot).toEqual({
      script: '/assets/boot.js',
      imports: ['/assets/engine.js', '/assets/runtime.js'],
    })
  })

  it('names nothing the build does not have', () => {
    expect(assetsOf({}, indexHtml)).toEqual({ scripts: [], styles: [], player: [], boot: null })
  })
})

describe('a live room page’s boot script', () => {
  const shell =
    '<html><head><meta charset="UTF-8" /><script type="module" crossorigin src="/assets/runtime.js"></script>\n<script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="app"></div></body></html>'

  it('runs the app’s scripts itself, in their order, and leaves them fetched only', () => {
    const html = withBootScript(shell, '/assets/boot.js')
    expect(html).not.toContain('<script type="module" crossorigin')
    expect(html).toContain(
      '<link rel="preload" as="script" crossorigin href="/assets/runtime.js" />',
    )
    expect(html).toContain('<link rel="preload" as="script" crossorigin href="/assets/app.js" />')
    const boot =
      /<script type="module" async src="\/assets\/boot.js" data-app="([^"]+)"><\/script>\s*<\/body>/.exec(
        html,
      )
    expect(boot?.[1]).toBe('/assets/runtime.js /assets/app.js')
  })

  it('leaves a page without the app’s scripts as it is', () => {
    const bare = '<html><head></head><body></body></html>'
    expect(withBootScript(bare, '/assets/boot.js')).toBe(bare)
  })
})
